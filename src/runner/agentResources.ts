import { InvalidTypeError, InvalidValueError, NotFoundError, NotSupportedError } from '../errors.js';
import { functionText, TypeScriptFunction } from '../functions/functionDescriptor.js';
import { childPointer } from '../json/jsonPointer.js';
import type { PyJson } from '../json/pyJson.js';
import { Agent } from '../plan/agent.js';
import type { AgentPlan } from '../plan/agentPlan.js';
import { identityText, type ClassRegistry } from '../plan/classRegistry.js';
import { declaredResources } from '../plan/declaredResources.js';
import { InternalSubagentSetup } from '../plan/internalSubagentSetup.js';
import { JsonNode } from '../plan/jsonNode.js';
import { atPath } from '../plan/locateError.js';
import { OpaqueResource, type ResourceProvider, type SerializableProvider } from '../plan/resourceProvider.js';
import { subagentMetadata } from '../plan/subagentMetadata.js';
import { ResourceDescriptor } from '../resources/resourceDescriptor.js';
import type { ResourceType } from '../resources/resourceType.js';
import { FunctionTool, type ToolFunction } from '../tools/functionTool.js';
import { quote } from '../types/declarationTree.js';
import { BoundFunctionTool } from './boundFunctionTool.js';
import type { NamedFunctions } from './namedFunctions.js';
import type { PlanPaths } from './planPaths.js';
import { ownClassFor } from './standIns.js';

type Provide = () => unknown;

// A descriptor's class is built through the registry (a class of another language only where an
// entry stands for it), never by loading a module the descriptor names.
const build = (descriptor: ResourceDescriptor, name: string, registry: ClassRegistry): unknown => {
  const identity = { module: descriptor.targetModule, clazz: descriptor.targetClazz };
  const entry = descriptor.language === 'typescript' ? registry.find(identity) : registry.findStandIn(descriptor.language, identity);
  if (entry === undefined) throw new InvalidValueError(`unknown class ${quote(identityText(identity))}: it is not in the class registry`, { code: 'CLASS_UNKNOWN' });
  if (entry.create === undefined) throw new InvalidTypeError(`class ${quote(identityText(identity))} cannot be built from a descriptor`, { code: 'CLASS_NOT_BUILDABLE' });
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

/** Where a plan's names are bound: the runner's named functions, the child plans' places, and this plan's pointer in the root plan. */
export interface PlanSite {
  readonly functions: NamedFunctions;
  readonly paths: PlanPaths;
  /** The plan's JSON Pointer in the root plan (empty for the root). */
  readonly path: string;
}

// Another language's resource, rebuilt as this runtime's class that stands for it (the same
// serialized form), or refused when none does.
const restoreForeign = (provider: SerializableProvider, data: PyJson, pointer: string, registry: ClassRegistry): unknown => {
  const own = ownClassFor(provider.language, { module: provider.module, clazz: provider.clazz });
  const entry = own === undefined ? undefined : registry.find(own);
  if (entry?.restore === undefined || entry.type !== provider.type) {
    throw new InvalidTypeError(
      `${provider.type} resource '${provider.name}' is a ${provider.language} resource (${provider.module}.${provider.clazz}), which this runtime cannot use`,
      { code: 'RESOURCE_FOREIGN_LANGUAGE' },
    );
  }
  const restore = entry.restore;
  return atPath(pointer, () => restore(new JsonNode(data, pointer), registry));
};

// A function tool read from a plan runs the named function given for it; inside a child plan,
// one without says where the tool is.
const bindTool = (tool: FunctionTool, site: PlanSite): FunctionTool => {
  if (tool.func instanceof TypeScriptFunction && tool.func.implementation !== undefined) return tool;
  const named = site.functions.find(tool.func);
  if (named !== undefined) return new BoundFunctionTool(tool, named as ToolFunction);
  if (site.path === '') return tool;
  return new BoundFunctionTool(tool, () => {
    throw new NotSupportedError(`Tool ${tool.name} in ${site.path} runs ${functionText(tool.func)}, which has no implementation in this process.`, { code: 'TOOL_NOT_RUNNABLE' });
  });
};

const provideFromPlan = (provider: ResourceProvider, registry: ClassRegistry, site: PlanSite): Provide => {
  if ('descriptor' in provider) return provide(provider.name, provider.descriptor, registry);
  const pointer = childPointer(childPointer(childPointer(site.path, 'resource_providers'), provider.type), provider.name);
  const { resource } = provider;
  const live = (): unknown => {
    if (!(resource instanceof OpaqueResource)) return resource;
    return restoreForeign(provider, resource.data, childPointer(pointer, provider.serializedKey), registry);
  };
  return () => {
    const made = live();
    if (made instanceof InternalSubagentSetup) {
      // Java's provider holds its child plan beside the scope; the others inside `serialized`.
      const childPlan = provider.layout === 'java-internal' ? childPointer(pointer, 'childPlan') : childPointer(childPointer(pointer, provider.serializedKey), 'child_plan');
      site.paths.note(made, childPlan);
    }
    return made instanceof FunctionTool ? bindTool(made, site) : made;
  };
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

  /**
   * A plan's resources, through its providers. Another language's serialized resource is rebuilt
   * as this runtime's class that stands for it (an internal sub-agent with its child plan, a chat
   * model, a connection, a function tool...), and a function tool runs the named function `site`
   * gives for it.
   */
  static ofPlan(plan: AgentPlan, registry: ClassRegistry, site: PlanSite): AgentResources {
    const declared = new Map<ResourceType, Map<string, Provide>>();
    for (const [type, group] of plan.resourceProviders ?? new Map()) {
      declared.set(type, new Map([...group].map(([name, provider]) => [name, provideFromPlan(provider, registry, site)])));
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
