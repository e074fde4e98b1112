import { NotSupportedError } from '../errors.js';
import type { PyJson } from '../json/pyJson.js';
import type { InternalSubagentCalls } from '../runtime/internalSubagentCalls.js';
import type { RunnerContext } from '../runtime/runnerContext.js';
import type { SubagentFuture } from '../subagent/subagentFuture.js';
import { SubagentSetup, type SubagentSetupOptions } from '../subagent/subagentSetup.js';
import type { Submittable } from '../subagent/submittable.js';
import type { Agent } from './agent.js';
import type { AgentPlan } from './agentPlan.js';
import { planToJson } from './writePlan.js';

/** The serialized form, in upstream Python's layout: the nested plan, the scope, then the metadata. */
export interface InternalSubagentSetupJson {
  readonly child_plan: PyJson;
  readonly scope: string;
  readonly description: string;
  readonly input_schema: string | null;
}

/**
 * An internal sub-agent: another agent registered as an AGENT resource, carried as its compiled
 * plan. The scope is the resource name; the plan shares the parent's configuration. `submit`
 * defers the call to the runner, which runs the child in its own scope when the handle is resolved.
 */
export class InternalSubagentSetup extends SubagentSetup implements Submittable {
  constructor(
    options: SubagentSetupOptions,
    /** The child agent's plan. Null while a document is being checked, or when `childAgent` is run as it is. */
    readonly childPlan: AgentPlan | null,
    readonly scope: string,
    /** The child agent itself, when a runner runs an agent without compiling it. */
    readonly childAgent: Agent | null = null,
  ) {
    super(options);
  }

  submit(ctx: RunnerContext, prompt: PyJson, sessionId?: string, callId?: string): SubagentFuture {
    const calls = (ctx as { internalSubagentCalls?: () => InternalSubagentCalls | undefined }).internalSubagentCalls?.();
    if (calls === undefined) throw new NotSupportedError('InternalSubagentSetup requires a runtime context that implements InternalSubagentCallFactory', { code: 'INTERNAL_CALLS_UNSUPPORTED' });
    return calls.submit(this, prompt, sessionId, callId);
  }

  override toJSON(): InternalSubagentSetupJson {
    return {
      child_plan: this.childPlan === null ? null : planToJson(this.childPlan),
      scope: this.scope,
      description: this.description,
      input_schema: this.inputSchema,
    };
  }
}
