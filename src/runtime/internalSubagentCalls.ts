import { AgentparityError } from '../errors.js';
import type { PyJson } from '../json/pyJson.js';
import type { InternalSubagentSetup } from '../plan/internalSubagentSetup.js';
import type { SubagentFuture } from '../subagent/subagentFuture.js';

/** A call made in a state that does not allow it (Python `RuntimeError`, Java `IllegalStateException`). */
export class InvalidStateError extends AgentparityError {
  readonly kind = 'RuntimeError';
}

/**
 * What a context offers internal sub-agents (upstream's `InternalSubagentCallFactory`): a
 * deferred call per submit, with deterministic ids, and the identities of those never resolved.
 */
export interface InternalSubagentCalls {
  submit(setup: InternalSubagentSetup, prompt: PyJson, sessionId?: string, callId?: string): SubagentFuture;
  unresolved(): string[];
}
