import { NotSupportedError } from '../errors.js';
import { functionText, TypeScriptFunction, type FunctionDescriptor } from '../functions/functionDescriptor.js';
import type { PyJson } from '../json/pyJson.js';
import type { RunnerContext } from '../runtime/runnerContext.js';
import type { SubagentFuture } from '../subagent/subagentFuture.js';
import { SubagentSetup, type SubagentSetupJson, type SubagentSetupOptions } from '../subagent/subagentSetup.js';
import type { Submittable } from '../subagent/submittable.js';
import { durableSubagentCall, invocationIdOf, PromiseFuture, type UnknownOutcomePolicy } from './durableSubagentCall.js';

/** The work of an in-process sub-agent: the prompt and the session in, a JSON result out. */
export type SubagentFunction = (prompt: PyJson, sessionId: string) => PyJson | Promise<PyJson>;

export interface FunctionSubagentSetupOptions extends SubagentSetupOptions {
  /**
   * The work; given as a `TypeScriptFunction` (module, qualname, implementation) the setup can be
   * put in a plan, which names it by that descriptor as it names a function tool. A descriptor
   * without an implementation (read from a plan) is only named.
   */
  readonly run: SubagentFunction | FunctionDescriptor;
  /** What a restart does with a call the process died during: `repeat` (the default; the work died with the process) or `fail-closed`. */
  readonly unknownOutcome?: UnknownOutcomePolicy;
}

export interface FunctionSubagentSetupJson extends SubagentSetupJson {
  readonly func: Map<string, PyJson>;
}

/**
 * A sub-agent backed by a function in this process; each call is one durable execution under
 * `sessionId#callId`. A plan names it by its function's descriptor (`func`); read from a plan,
 * it is only named, and a call fails as a function tool's does.
 */
export class FunctionSubagentSetup extends SubagentSetup implements Submittable {
  /** The function as a plan names it; undefined for a bare function, which no plan can name. */
  readonly func: FunctionDescriptor | undefined;
  readonly unknownOutcome: UnknownOutcomePolicy;
  private readonly run: SubagentFunction;

  constructor(options: FunctionSubagentSetupOptions) {
    super(options);
    const { run } = options;
    if (typeof run === 'function') {
      this.func = undefined;
      this.run = run;
    } else {
      this.func = run;
      const implementation = run instanceof TypeScriptFunction ? (run.implementation as SubagentFunction | undefined) : undefined;
      this.run =
        implementation ??
        (() => {
          const failure = new NotSupportedError(`Sub-agent runs ${functionText(run)}, which has no implementation in this process.`, { code: 'SUBAGENT_FUNCTION_NOT_IMPLEMENTED' });
          // Named as Python names it, so the failed result reads alike in both languages.
          failure.name = 'NotImplementedError';
          throw failure;
        });
    }
    this.unknownOutcome = options.unknownOutcome ?? 'repeat';
  }

  /** The setup as a plan serializes it: the base fields, then the function's descriptor. */
  override toJSON(): FunctionSubagentSetupJson {
    if (this.func === undefined) {
      throw new NotSupportedError(
        'A FunctionSubagentSetup whose run is a bare function cannot be put in a plan: give run as new TypeScriptFunction(module, qualname, fn).',
        { code: 'SUBAGENT_BARE_FUNCTION' },
      );
    }
    return { ...super.toJSON(), func: this.func.toJSON() };
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
