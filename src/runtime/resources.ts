import { InvalidValueError, NotFoundError } from '../errors.js';
import type { ResourceType } from '../resources/resourceType.js';

/** Wire values of the upstream `ResourceType`. */
export type ResourceTypeName = ResourceType;

/** The resources an agent can reach from its actions, by type, then by name (names are unique per type). */
export class Resources {
  private readonly byType = new Map<ResourceTypeName, Map<string, unknown>>();

  add(name: string, type: ResourceTypeName, resource: unknown): this {
    const named = this.byType.get(type) ?? new Map<string, unknown>();
    if (named.has(name)) throw new InvalidValueError(`Duplicate resource name: ${name}`);
    named.set(name, resource);
    this.byType.set(type, named);
    return this;
  }

  /** The resources of one type, in the order they were added. */
  list(type: ResourceTypeName): [string, unknown][] {
    return [...(this.byType.get(type) ?? new Map<string, unknown>())];
  }

  /** The resource, or the upstream runtime's `KeyError` text when there is none. */
  get(name: string, type: ResourceTypeName): unknown {
    const named = this.byType.get(type);
    if (named === undefined || !named.has(name)) {
      throw new NotFoundError(`Resource not found: '${name}' of type ResourceType.${type.toUpperCase()}`);
    }
    return named.get(name);
  }
}
