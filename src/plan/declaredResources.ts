import { RESOURCE_TYPES, ResourceType } from '../resources/resourceType.js';
import type { Agent } from './agent.js';

/** One resource as an agent declares it: a live instance or a descriptor, and where it was declared. */
export interface DeclaredResource {
  readonly type: ResourceType;
  readonly name: string;
  readonly value: unknown;
  readonly site: string | undefined;
}

/** What an agent declares, in plan order: the tools its class declares, then the resources added to it, type by type. */
export const declaredResources = (agent: Agent): DeclaredResource[] => [
  ...Object.entries(agent.declarations.tools ?? {}).map(([name, value]) => ({ type: ResourceType.TOOL, name, value, site: undefined })),
  ...RESOURCE_TYPES.flatMap((type) => [...agent.resources(type)].map(([name, { value, site }]) => ({ type, name, value, site }))),
];
