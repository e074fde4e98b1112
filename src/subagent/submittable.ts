import type { PyJson } from '../json/pyJson.js';
import type { RunnerContext } from '../runtime/runnerContext.js';
import type { SubagentFuture } from './subagentFuture.js';

/**
 * A setup that can run: the upstream `submit(ctx, prompt, session_id=None, call_id=None)`.
 * Without ids the implementation assigns the identity and starts a fresh conversation (the form
 * dispatch uses); the returned handle is awaited for the `SubagentResult`.
 */
export interface Submittable {
  submit(ctx: RunnerContext, prompt: PyJson, sessionId?: string, callId?: string): Promise<SubagentFuture>;
}
