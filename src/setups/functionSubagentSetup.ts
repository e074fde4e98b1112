import type { PyJson } from '../json/pyJson.js';
import type { RunnerContext } from '../runtime/runnerContext.js';
import type { SubagentFuture } from '../subagent/subagentFuture.js';
import { SubagentSetup, type SubagentSetupOptions } from '../subagent/subagentSetup.js';
import type { Submittable } from '../subagent/submittable.js';
import { durableSubagentCall, invocationIdOf, PromiseFuture, type UnknownOutcomePolicy } from './durableSubagentCall.js';

/** The work of an in-process sub-agent: the prompt and the session in, a JSON result out. */
export type SubagentFunction = (prompt: PyJson, sessionId: string) => PyJson | Promise<PyJson>;

export interface FunctionSubagentSetupOptions extends SubagentSetupOptions {
  readonly run: SubagentFunction;
  /** What a restart does with a call the process died during: `repeat` (the default; the work died with the process) or `fail-closed`. */
  readonly unknownOutcome?: UnknownOutcomePolicy;
}

/** A sub-agent backed by a function in this process; each call is one durable execution under `sessionId#callId`. */
export class FunctionSubagentSetup extends SubagentSetup implements Submittable {
  private readonly run: SubagentFunction;
  readonly unknownOutcome: UnknownOutcomePolicy;

  constructor(options: FunctionSubagentSetupOptions) {
    super(options);
    this.run = options.run;
    this.unknownOutcome = options.unknownOutcome ?? 'repeat';
  }

  submit(ctx: RunnerContext, prompt: PyJson, sessionId?: string, callId?: string): SubagentFuture {
    const session = sessionId ?? ctx.nextSessionId();
    const call = callId ?? session;
    const pending = durableSubagentCall(ctx, 'function_subagent', async () => this.run(prompt, session), {
      invocationId: invocationIdOf(session, call),
      unknownOutcome: this.unknownOutcome,
    });
    return new PromiseFuture(session, call, pending);
  }
}
