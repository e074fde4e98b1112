import { ResourceType } from '../resources/resourceType.js';
import type { Agent } from './agent.js';
import type { AgentConfiguration } from './agentPlan.js';
import { declaredResources, type DeclaredResource } from './declaredResources.js';
import { ReActAgent } from './reactAgent.js';

/** The name the opt-in general-purpose sub-agent is registered under. */
export const GENERAL_PURPOSE = 'general-purpose';
/** The agent configuration key that opts in. */
export const GENERAL_PURPOSE_KEY = 'subagent.general-purpose';

/**
 * The general-purpose sub-agent (ours; the seed's automatic registration was never built
 * upstream): with `subagent.general-purpose: true`, a root agent that has a chat model gets a
 * ReActAgent on its first chat model, registered after its own resources as the AGENT
 * `general-purpose`. A resource the agent declares under that name wins. Only the root gets one:
 * child plans share the configuration, and a ReActAgent has a chat model of its own.
 */
export const generalPurposeResource = (agent: Agent, config: AgentConfiguration): DeclaredResource[] => {
  if (config.confData.get(GENERAL_PURPOSE_KEY) !== true || agent.resources(ResourceType.AGENT).has(GENERAL_PURPOSE)) return [];
  const model = declaredResources(agent).find((r) => r.type === ResourceType.CHAT_MODEL);
  if (model === undefined) return [];
  return [{ type: ResourceType.AGENT, name: GENERAL_PURPOSE, value: new ReActAgent({ chatModel: model.name }), site: undefined }];
};
