import { InvalidTypeError } from '../errors.js';
import type { Language } from '../functions/functionDescriptor.js';
import type { PyJson } from '../json/pyJson.js';
import type { ResourceType } from '../resources/resourceType.js';
import type { JsonNode } from './jsonNode.js';
import { PlanReadError } from './planReadError.js';
import type { SerializableResource } from './resourceProvider.js';
import { quote } from '../types/declarationTree.js';

/** A class as a plan names it. */
export interface ClassIdentity {
  readonly module: string;
  readonly clazz: string;
}

export const identityText = (identity: ClassIdentity): string => `${identity.module}.${identity.clazz}`;

// A class, compared by identity only: nothing is ever constructed through this type.
type AnyClass = { readonly prototype: object };

/**
 * One class a plan may name. `restore` rebuilds an instance from a serializable provider's
 * `serialized` value; `create` builds one from a descriptor's arguments. `stands_for` lists the
 * same class as other languages name it, so that a descriptor written by another language can be
 * served here (an MCP server is reached through the same protocol from either side).
 */
export interface ClassEntry extends ClassIdentity {
  readonly type: ResourceType;
  readonly cls: AnyClass;
  readonly restore?: (data: JsonNode, registry: ClassRegistry) => SerializableResource;
  readonly create?: (args: ReadonlyMap<string, PyJson>, name: string) => object;
  readonly standsFor?: readonly (ClassIdentity & { readonly language: Language })[];
}

/**
 * The explicit list of classes plans may name. Reading a plan resolves classes here and nowhere
 * else: it never imports a module or runs code that a plan names, and a class missing from the
 * registry is an error, not a lookup.
 */
export class ClassRegistry {
  private readonly entries: ClassEntry[] = [];

  constructor(entries: readonly ClassEntry[] = []) {
    for (const entry of entries) this.register(entry);
  }

  register(entry: ClassEntry): this {
    if (this.find(entry)) throw new InvalidTypeError(`class ${identityText(entry)} is already registered`, { code: 'CLASS_ALREADY_REGISTERED' });
    this.entries.push(entry);
    return this;
  }

  /** A registry with this one's classes and more. */
  extend(entries: readonly ClassEntry[]): ClassRegistry {
    return new ClassRegistry([...this.entries, ...entries]);
  }

  find(identity: ClassIdentity): ClassEntry | undefined {
    return this.entries.find((e) => e.module === identity.module && e.clazz === identity.clazz);
  }

  /** The entry a plan names, or a read error at `pointer`. */
  require(identity: ClassIdentity, pointer: string): ClassEntry {
    const entry = this.find(identity);
    if (!entry) throw new PlanReadError(`unknown class ${quote(identityText(identity))}: it is not in the class registry`, pointer, { code: 'CLASS_UNKNOWN' });
    return entry;
  }

  /** The entry that serves a class another language names, if any. */
  findStandIn(language: Language, identity: ClassIdentity): ClassEntry | undefined {
    return this.entries.find((e) =>
      e.standsFor?.some((s) => s.language === language && s.module === identity.module && s.clazz === identity.clazz),
    );
  }

  /** The entry of a live resource's exact class, if registered. */
  entryFor(resource: unknown): ClassEntry | undefined {
    if (typeof resource !== 'object' || resource === null) return undefined;
    return this.entries.find((e) => e.cls === resource.constructor);
  }

  /** The entry for a live resource: its exact class must be registered. */
  entryOf(resource: object): ClassEntry {
    const entry = this.entryFor(resource);
    if (!entry) {
      throw new InvalidTypeError(`${resource.constructor.name} is not in the class registry, so a plan cannot name it`, { code: 'CLASS_NOT_REGISTERED' });
    }
    return entry;
  }
}
