import { InvalidValueError } from '../errors.js';
import { ResourceType } from '../resources/resourceType.js';
import type { Agent } from './agent.js';
import { AgentConfiguration, AgentPlan } from './agentPlan.js';
import type { ClassRegistry } from './classRegistry.js';
import { collectActions } from './collectActions.js';
import { declaredResources } from './declaredResources.js';
import { defaultRegistry } from './defaultRegistry.js';
import { discoverMcpTools } from './discoverMcpTools.js';
import { locate } from './locateError.js';
import { providerFor } from './providerFor.js';
import { checkToolNameNotReserved } from './reservedNames.js';
import { DescriptorProvider, type ResourceProvider } from './resourceProvider.js';

export interface BuildPlanOptions {
  /** The classes resources may be instances of; the runtime's own by default. */
  readonly registry?: ClassRegistry;
  readonly config?: AgentConfiguration;
  /** The plan's `agent_name`; by default the agent's name, else its class name. */
  readonly agentName?: string;
}

/**
 * Compiles an agent into a plan: its declared and added actions, then the built-in ones; its
 * resources by type then name. Tools may not take the sub-agent callable prefix (declared, added
 * or advertised by an MCP server), AGENT resources must be sub-agent setups or descriptors, and
 * a name may appear once per type.
 */
export const buildPlan = async (agent: Agent, options: BuildPlanOptions = {}): Promise<AgentPlan> => {
  const registry = options.registry ?? defaultRegistry;
  const actions = collectActions(agent);
  const providers = await collectProviders(agent, registry);
  return new AgentPlan(
    actions,
    groupByType(providers),
    options.agentName ?? agent.name ?? agent.constructor.name,
    options.config ?? new AgentConfiguration(),
  );
};

const at = async <T>(site: string | undefined, work: () => Promise<T> | T): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    throw site === undefined ? error : locate(error, site);
  }
};

type Sited = readonly [ResourceProvider, string | undefined];

const collectProviders = async (agent: Agent, registry: ClassRegistry): Promise<Sited[]> => {
  const providers: Sited[] = [];
  for (const { type, name, value, site } of declaredResources(agent)) {
    await at(site, async () => {
      if (type === ResourceType.TOOL) checkToolNameNotReserved(name);
      const provider = providerFor(name, type, value, registry);
      providers.push([provider, site]);
      if (type === ResourceType.MCP_SERVER && provider instanceof DescriptorProvider) {
        for (const found of await discoverMcpTools(provider, registry)) providers.push([found, site]);
      }
    });
  }
  return providers;
};

const groupByType = (providers: readonly Sited[]): Map<ResourceType, Map<string, ResourceProvider>> => {
  const groups = new Map<ResourceType, Map<string, ResourceProvider>>();
  for (const [provider, site] of providers) {
    const group = groups.get(provider.type) ?? new Map<string, ResourceProvider>();
    if (group.has(provider.name)) throw new InvalidValueError(`Duplicate resource name: ${provider.name}`, { path: site });
    groups.set(provider.type, group.set(provider.name, provider));
  }
  return groups;
};
