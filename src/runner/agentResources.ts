import { InvalidTypeError, InvalidValueError, NotFoundError } from '../errors.js';
import { Agent } from '../plan/agent.js';
import type { AgentPlan } from '../plan/agentPlan.js';
import { identityText, type ClassRegistry } from '../plan/classRegistry.js';
import { declaredResources } from '../plan/declaredResources.js';
import { InternalSubagentSetup } from '../plan/internalSubagentSetup.js';
import { OpaqueResource, type ResourceProvider } from '../plan/resourceProvider.js';
import { subagentMetadata } from '../plan/subagentMetadata.js';
import { ResourceDescriptor } from '../resources/resourceDescriptor.js';
import type { ResourceType } from '../resources/resourceType.js';
import { quote } from '../types/declarationTree.js';

type Provide = () => unknown;

// A descriptor's class is built through the registry (a class of another language only where an
// entry stands for it), never by loading a module the descriptor names.
const build = (descriptor: ResourceDescriptor, name: string, registry: ClassRegistry): unknown => {
  const identity = { module: descriptor.targetModule, clazz: descriptor.targetClazz };
  const entry = descriptor.language === 'typescript' ? registry.find(identity) : registry.findStandIn(descriptor.language, identity);
  if (entry === undefined) throw new InvalidValueError(`unknown class ${quote(identityText(identity))}: it is not in the class registry`);
  if (entry.create === undefined) throw new InvalidTypeError(`class ${quote(identityText(identity))} cannot be built from a descriptor`);
  return entry.create(descriptor.args, name);
};

const provide = (name: string, value: unknown, registry: ClassRegistry): Provide => {
  if (value instanceof ResourceDescriptor) return () => build(value, name, registry);
  // An agent run as it is reaches its sub-agent agents as internal setups, uncompiled.
  if (value instanceof Agent) {
    const setup = new InternalSubagentSetup(subagentMetadata(value), null, name, value);
    return () => setup;
  }
  return () => value;
};

const provideFromPlan = (provider: ResourceProvider, registry: ClassRegistry): Provide => {
  if ('descriptor' in provider) return provide(provider.name, provider.descriptor, registry);
  const { resource } = provider;
  if (resource instanceof OpaqueResource) {
    return () => {
      throw new InvalidTypeError(
        `${provider.type} resource '${provider.name}' is a ${provider.language} resource (${provider.module}.${provider.clazz}), which this runtime cannot use`,
      );
    };
  }
  return () => resource;
};

/**
 * The resources actions reach at run time (upstream `get_resource`), by type then name. An
 * agent's instances are used as they are, and so are the resources of a plan built in this
 * process; a descriptor is built through the class registry it is given (the runner passes the
 * default one) when first asked for, once.
 */
export class AgentResources {
  private readonly provided = new Map<ResourceType, Map<string, unknown>>();

  private constructor(private readonly declared: ReadonlyMap<ResourceType, ReadonlyMap<string, Provide>>) {}

  /** An agent's resources: the tools its class declares and those added to it. */
  static ofAgent(agent: Agent, registry: ClassRegistry): AgentResources {
    const declared = new Map<ResourceType, Map<string, Provide>>();
    for (const { type, name, value, site } of declaredResources(agent)) {
      const group = declared.get(type) ?? new Map<string, Provide>();
      if (group.has(name)) throw new InvalidValueError(`Duplicate resource name: ${name}`, { path: site, code: 'RESOURCE_DUPLICATE' });
      declared.set(type, group.set(name, provide(name, value, registry)));
    }
    return new AgentResources(declared);
  }

  /** A plan's resources, through its providers. */
  static ofPlan(plan: AgentPlan, registry: ClassRegistry): AgentResources {
    const declared = new Map<ResourceType, Map<string, Provide>>();
    for (const [type, group] of plan.resourceProviders ?? new Map()) {
      declared.set(type, new Map([...group].map(([name, provider]) => [name, provideFromPlan(provider, registry)])));
    }
    return new AgentResources(declared);
  }

  /** The resource, or the upstream runtime's `KeyError` text when there is none. */
  get(name: string, type: ResourceType): unknown {
    const cached = this.provided.get(type);
    if (cached?.has(name)) return cached.get(name);
    const provide = this.declared.get(type)?.get(name);
    if (provide === undefined) throw new NotFoundError(`Resource not found: '${name}' of type ResourceType.${type.toUpperCase()}`, { code: 'RESOURCE_NOT_FOUND' });
    const resource = provide();
    this.provided.set(type, (cached ?? new Map<string, unknown>()).set(name, resource));
    return resource;
  }

  /** Whether a resource of that name and type is declared here. */
  has(name: string, type: ResourceType): boolean {
    return this.declared.get(type)?.has(name) ?? false;
  }

  /** The resources of one type, in declaration order. */
  list(type: ResourceType): [string, unknown][] {
    return [...(this.declared.get(type)?.keys() ?? [])].map((name) => [name, this.get(name, type)]);
  }
}
