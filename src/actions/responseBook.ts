import type { PyJson } from '../json/pyJson.js';
import { ToolResponseEvent } from '../runtime/events.js';
import type { ToolResponse } from '../tools/toolResponse.js';

/**
 * The results of one tool request, keyed by call id in the order they were recorded: the order
 * the model reads them in, so it is part of what both languages must agree on.
 */
export class ResponseBook {
  private readonly responses = new Map<string, PyJson>();
  private readonly success = new Map<string, boolean>();
  private readonly error = new Map<string, string | null>();
  private readonly externalIds = new Map<string, string | null>();

  noteExternalId(callId: string, externalId: string | null): void {
    this.externalIds.set(callId, externalId);
  }

  record(callId: string, response: ToolResponse): void {
    this.responses.set(callId, response.result);
    this.success.set(callId, response.success);
    if (!response.success) this.error.set(callId, response.error);
  }

  toEvent(requestId: string): ToolResponseEvent {
    return new ToolResponseEvent({
      requestId,
      responses: this.responses,
      success: this.success,
      error: this.error,
      externalIds: this.externalIds,
    });
  }
}
