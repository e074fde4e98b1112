import type { PyJson } from '../json/pyJson.js';
import type { ResourceType } from '../resources/resourceType.js';
import type { Action } from './action.js';
import type { ResourceProvider } from './resourceProvider.js';

/** The plan's configuration: `conf_data`, keys and values as written. */
export class AgentConfiguration {
  constructor(readonly confData: ReadonlyMap<string, PyJson> = new Map()) {}
}

export type ResourceProviders = ReadonlyMap<ResourceType, ReadonlyMap<string, ResourceProvider>>;

/**
 * An agent compiled into data: its actions, its resources by type then name, its name and its
 * configuration, in the upstream plan JSON layout. A field that is `undefined` was absent from
 * the plan this one was read from (older Java plans omit `agent_name` and `resource_providers`),
 * and stays absent when the plan is written back.
 */
export class AgentPlan {
  constructor(
    readonly actions: ReadonlyMap<string, Action>,
    readonly resourceProviders: ResourceProviders | undefined,
    readonly agentName: string | null | undefined,
    readonly config: AgentConfiguration | null | undefined,
  ) {}

  /** The provider of a resource, or undefined. */
  provider(type: ResourceType, name: string): ResourceProvider | undefined {
    return this.resourceProviders?.get(type)?.get(name);
  }
}
