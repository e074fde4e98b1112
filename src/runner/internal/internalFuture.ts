import type { PyJson } from '../../json/pyJson.js';
import type { InternalSubagentSetup } from '../../plan/internalSubagentSetup.js';
import { SubagentFuture } from '../../subagent/subagentFuture.js';
import type { BatchedFuture } from '../../subagent/subagentFutures.js';
import type { SubagentResult } from '../../subagent/subagentResult.js';
import type { ActionCalls } from './actionCalls.js';

/**
 * The handle of one internal sub-agent call. Submitting sends nothing: the call starts when the
 * handle is resolved, alone or in a batch with the other handles of its action.
 */
export class InternalFuture extends SubagentFuture implements BatchedFuture {
  resolved = false;
  private pending: Promise<SubagentResult> | undefined;
  private settled = false;

  constructor(
    readonly batch: ActionCalls,
    readonly setup: InternalSubagentSetup,
    readonly prompt: PyJson,
    sessionId: string,
    callId: string,
  ) {
    super(sessionId, callId);
  }

  done(): boolean {
    return this.settled;
  }

  /** Starts the call once; a later start gives the same outcome. */
  start(): Promise<SubagentResult> {
    this.pending ??= this.batch.start(this).finally(() => {
      this.settled = true;
    });
    return this.pending;
  }

  wait(): Promise<SubagentResult> {
    this.resolved = true;
    return this.start();
  }
}
