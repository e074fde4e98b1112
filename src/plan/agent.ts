import { InvalidValueError } from '../errors.js';
import type { FunctionDescriptor } from '../functions/functionDescriptor.js';
import type { PyJson } from '../json/pyJson.js';
import { RESOURCE_TYPES, type ResourceType } from '../resources/resourceType.js';
import type { Tool } from '../tools/tool.js';

export interface ActionDeclaration {
  /** Event types (or condition expressions) the action listens for, combined with OR. */
  readonly triggerConditions: readonly string[];
  /** The function it runs; a `TypeScriptFunction` with its implementation can run in this process. */
  readonly exec: FunctionDescriptor;
  /** Keyword configuration the action reads at run time; null when there is none. */
  readonly config?: PyJson;
}

/** Actions and tools a subclass declares for all its instances: the counterpart of Python's `@action` and `@tool`. */
export interface AgentDeclarations {
  readonly actions?: Readonly<Record<string, ActionDeclaration>>;
  readonly tools?: Readonly<Record<string, Tool>>;
}

/** Where something was declared (a declaration path such as `$.agents[0].tools[1]`), for error messages. */
export interface DeclarationSite {
  readonly site?: string;
}

interface Declared<T> {
  readonly value: T;
  readonly site: string | undefined;
}

/**
 * An agent (upstream `Agent`): actions and resources (tools, sub-agents, chat models, prompts,
 * ...), added one by one or declared by a subclass. Declared once, it is both what `buildPlan`
 * compiles into plan JSON and what `LocalRunner` runs. Names are unique among actions and per
 * resource type; a repeated name is refused when it is added.
 */
export class Agent {
  static readonly declarations: AgentDeclarations = {};

  private readonly actionsByName = new Map<string, Declared<ActionDeclaration>>();
  private readonly resourcesByType = new Map<ResourceType, Map<string, Declared<unknown>>>(
    RESOURCE_TYPES.map((type) => [type, new Map()]),
  );

  constructor(readonly name?: string) {}

  addAction(name: string, triggerConditions: readonly string[], exec: FunctionDescriptor, config: PyJson = null, where: DeclarationSite = {}): this {
    if (this.actionsByName.has(name)) throw new InvalidValueError(`Action ${name} already defined`, { code: 'ACTION_DUPLICATE', path: where.site });
    this.actionsByName.set(name, { value: { triggerConditions: [...triggerConditions], exec, config }, site: where.site });
    return this;
  }

  addResource(name: string, type: ResourceType, instance: unknown, where: DeclarationSite = {}): this {
    const group = this.resourcesByType.get(type)!;
    if (group.has(name)) throw new InvalidValueError(`${type} ${name} already defined`, { code: 'RESOURCE_ALREADY_DEFINED', path: where.site });
    group.set(name, { value: instance, site: where.site });
    return this;
  }

  /** The actions added to this instance, in the order added. */
  get actions(): ReadonlyMap<string, Declared<ActionDeclaration>> {
    return this.actionsByName;
  }

  /** The resources added to this instance, by type then name, in the order added. */
  resources(type: ResourceType): ReadonlyMap<string, Declared<unknown>> {
    return this.resourcesByType.get(type)!;
  }

  /** What this agent's class declares for all its instances. */
  get declarations(): AgentDeclarations {
    return (this.constructor as typeof Agent).declarations;
  }
}

export type { Declared };
