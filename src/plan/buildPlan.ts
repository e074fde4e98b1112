import { InvalidValueError } from '../errors.js';
import { ResourceType } from '../resources/resourceType.js';
import { Agent } from './agent.js';
import { AgentConfiguration, AgentPlan } from './agentPlan.js';
import type { ClassRegistry } from './classRegistry.js';
import { ChildPlans } from './childPlans.js';
import { collectActions } from './collectActions.js';
import { declaredResources } from './declaredResources.js';
import { defaultRegistry } from './defaultRegistry.js';
import { discoverMcpTools } from './discoverMcpTools.js';
import { generalPurposeResource } from './generalPurpose.js';
import { locate } from './locateError.js';
import { providerFor } from './providerFor.js';
import { checkToolNameNotReserved } from './reservedNames.js';
import { InternalSubagentSetup } from './internalSubagentSetup.js';
import { DescriptorProvider, type ResourceProvider } from './resourceProvider.js';
import { subagentMetadata } from './subagentMetadata.js';

export interface BuildPlanOptions {
  /** The classes resources may be instances of; the runtime's own by default. */
  readonly registry?: ClassRegistry;
  readonly config?: AgentConfiguration;
  /** The plan's `agent_name`; by default the agent's name, else its class name. */
  readonly agentName?: string;
  /** The plan is a sub-agent's, compiled on its own (a YAML `agent_ref`): as a child plan, it gets no general-purpose sub-agent. */
  readonly child?: boolean;
}

/**
 * Compiles an agent into a plan: its declared and added actions, then the built-in ones; its
 * resources by type then name. Tools may not take the sub-agent callable prefix (declared, added
 * or advertised by an MCP server), AGENT resources must be sub-agent setups, descriptors or
 * agents, and a name may appear once per type. An agent registered as an AGENT resource compiles
 * into an internal sub-agent whose child plan shares this plan's configuration.
 */
export const buildPlan = async (agent: Agent, options: BuildPlanOptions = {}): Promise<AgentPlan> =>
  compile(agent, options.registry ?? defaultRegistry, options.config ?? new AgentConfiguration(), options.agentName, new ChildPlans(agent), options.child !== true);

const compile = async (
  agent: Agent,
  registry: ClassRegistry,
  config: AgentConfiguration,
  agentName: string | undefined,
  children: ChildPlans,
  root = false,
): Promise<AgentPlan> => {
  const actions = collectActions(agent);
  const providers = await collectProviders(agent, registry, config, children, root);
  return new AgentPlan(actions, groupByType(providers), agentName ?? agent.name ?? agent.constructor.name, config);
};

const at = async <T>(site: string | undefined, work: () => Promise<T> | T): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    throw site === undefined ? error : locate(error, site);
  }
};

type Sited = readonly [ResourceProvider, string | undefined];

const collectProviders = async (agent: Agent, registry: ClassRegistry, config: AgentConfiguration, children: ChildPlans, root: boolean): Promise<Sited[]> => {
  const providers: Sited[] = [];
  const resources = [...declaredResources(agent), ...(root ? generalPurposeResource(agent, config) : [])];
  for (const { type, name, value, site } of resources) {
    await at(site, async () => {
      if (type === ResourceType.TOOL) checkToolNameNotReserved(name);
      const resource = type === ResourceType.AGENT && value instanceof Agent ? await internalSubagent(value, name, registry, config, children) : value;
      const provider = providerFor(name, type, resource, registry);
      providers.push([provider, site]);
      if (type === ResourceType.MCP_SERVER && provider instanceof DescriptorProvider) {
        for (const found of await discoverMcpTools(provider, registry)) providers.push([found, site]);
      }
    });
  }
  return providers;
};

const internalSubagent = async (
  child: Agent,
  name: string,
  registry: ClassRegistry,
  config: AgentConfiguration,
  children: ChildPlans,
): Promise<InternalSubagentSetup> => {
  const plan = await children.getOrCompile(child, name, (agent) => compile(agent, registry, config, undefined, children));
  return new InternalSubagentSetup(subagentMetadata(child), plan, name);
};

const groupByType = (providers: readonly Sited[]): Map<ResourceType, Map<string, ResourceProvider>> => {
  const groups = new Map<ResourceType, Map<string, ResourceProvider>>();
  for (const [provider, site] of providers) {
    const group = groups.get(provider.type) ?? new Map<string, ResourceProvider>();
    if (group.has(provider.name)) throw new InvalidValueError(`Duplicate resource name: ${provider.name}`, { code: 'RESOURCE_DUPLICATE', path: site });
    groups.set(provider.type, group.set(provider.name, provider));
  }
  return groups;
};
