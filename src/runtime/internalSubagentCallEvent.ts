import type { PyJson } from '../json/pyJson.js';
import { Event } from './events.js';

export const INTERNAL_SUBAGENT_CALL_EVENT = 'InternalSubagentCallEvent';

/**
 * The envelope an event travels in inside an internal sub-agent's scope (upstream
 * `InternalSubagentCallEvent`). Its attributes name the call and carry the delegate's type and
 * attributes, so that a replayed call reproduces them and two calls differ. Child actions match
 * and receive the delegate, never the envelope.
 */
export class InternalSubagentCallEvent extends Event {
  readonly type = INTERNAL_SUBAGENT_CALL_EVENT;

  constructor(
    readonly delegate: Event,
    readonly targetScope: string,
    readonly callId: string,
    readonly sessionId: string,
    id?: string,
  ) {
    super(id);
  }

  attributes(): Map<string, PyJson> {
    return new Map<string, PyJson>([
      ['targetScope', this.targetScope],
      ['callId', this.callId],
      ['sessionId', this.sessionId],
      ['delegateType', this.delegate.type],
      ['delegateAttributes', this.delegate.attributes()],
    ]);
  }
}
