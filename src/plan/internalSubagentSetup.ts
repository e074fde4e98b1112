import type { PyJson } from '../json/pyJson.js';
import { SubagentSetup, type SubagentSetupOptions } from '../subagent/subagentSetup.js';
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
 * plan. The scope is the resource name; the plan shares the parent's configuration.
 */
export class InternalSubagentSetup extends SubagentSetup {
  constructor(
    options: SubagentSetupOptions,
    /** The child agent's plan. Null only while a document is being checked. */
    readonly childPlan: AgentPlan | null,
    readonly scope: string,
  ) {
    super(options);
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
