import type { PyJson } from '../json/pyJson.js';
import { SubagentSetup, type SubagentSetupJson, type SubagentSetupOptions } from '../subagent/subagentSetup.js';
import type { AgentPlan } from './agentPlan.js';
import { planToJson } from './writePlan.js';

export interface InternalSubagentSetupJson extends SubagentSetupJson {
  readonly agent_plan: PyJson;
}

/** A sub-agent that is another agent of the same declaration, carried as its compiled plan. */
export class InternalSubagentSetup extends SubagentSetup {
  constructor(
    options: SubagentSetupOptions,
    /** The child agent's plan; it inherits the parent's configuration. Null only while a document is being checked. */
    readonly agentPlan: AgentPlan | null,
  ) {
    super(options);
  }

  override toJSON(): InternalSubagentSetupJson {
    return { ...super.toJSON(), agent_plan: this.agentPlan === null ? null : planToJson(this.agentPlan) };
  }
}
