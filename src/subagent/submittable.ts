import type { PyJson } from '../json/pyJson.js';
import type { RunnerContext } from '../runtime/runnerContext.js';
import type { SubagentFuture } from './subagentFuture.js';

/**
 * A setup that can run: the upstream `submit(ctx, prompt, session_id=None, call_id=None)`.
 * Without ids the implementation assigns the identity and starts a fresh conversation (the form
 * dispatch uses); the returned handle is awaited for the `SubagentResult`. It returns the handle
 * itself, as Java does: a handle is awaitable, so a Promise could not hold one (it would adopt
 * the handle's result). A failure to submit is thrown.
 */
export interface Submittable {
  submit(ctx: RunnerContext, prompt: PyJson, sessionId?: string, callId?: string): SubagentFuture;
}
