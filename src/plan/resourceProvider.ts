import type { Language } from '../functions/functionDescriptor.js';
import type { PyJson } from '../json/pyJson.js';
import type { ResourceDescriptor } from '../resources/resourceDescriptor.js';
import type { ResourceType } from '../resources/resourceType.js';

/**
 * A resource that a plan serializes by value: `toJSON` gives its fields as JSON values (Maps or
 * plain objects of them), which the plan writer prints as they are.
 */
export interface SerializableResource {
  toJSON(): object;
}

export const DESCRIPTOR_PROVIDER_KINDS = ['PythonResourceProvider', 'JavaResourceProvider', 'TypeScriptResourceProvider'] as const;
export const SERIALIZABLE_PROVIDER_KINDS = [
  'PythonSerializableResourceProvider',
  'JavaSerializableResourceProvider',
  'TypeScriptSerializableResourceProvider',
] as const;

/** Java's provider of an internal sub-agent: `{name, type, scope, childPlan, ...}` with no class or serialized map. */
export const JAVA_INTERNAL_PROVIDER_KIND = 'InternalSubagentProvider';
/** The class Java's provider materializes (upstream `RUNTIME_SETUP_CLASS`). */
export const JAVA_INTERNAL_SETUP = { module: 'org.apache.flink.agents.runtime.subagent', clazz: 'InternalSubagentSetup' } as const;

export type DescriptorProviderKind = (typeof DESCRIPTOR_PROVIDER_KINDS)[number];
export type SerializableProviderKind = (typeof SERIALIZABLE_PROVIDER_KINDS)[number];
export type ProviderKind = DescriptorProviderKind | SerializableProviderKind;

/** The language each provider kind belongs to. */
export const providerLanguage = (kind: ProviderKind): Language =>
  kind.startsWith('Python') ? 'python' : kind.startsWith('Java') ? 'java' : 'typescript';

/**
 * A resource named by a descriptor and built when first needed. `layout` is `kwargs` for the
 * older Python layout (`module`, `clazz`, `kwargs` beside the name) that Java still reads.
 */
export class DescriptorProvider {
  constructor(
    readonly kind: DescriptorProviderKind,
    readonly name: string,
    readonly type: ResourceType,
    readonly descriptor: ResourceDescriptor,
    readonly layout: 'descriptor' | 'kwargs' = 'descriptor',
  ) {}

  get language(): Language {
    return providerLanguage(this.kind);
  }
}

/**
 * A resource of another language, kept exactly as it was written: this side can carry it and
 * write it back, never build it (the upstream bridge handle).
 */
export class OpaqueResource {
  constructor(
    /** The serialized value: an object, or for Java a JSON string. */
    readonly data: PyJson,
  ) {}
}

/** A resource serialized by value under the class that restores it. */
export class SerializableProvider {
  constructor(
    readonly kind: SerializableProviderKind,
    readonly name: string,
    readonly type: ResourceType,
    readonly module: string,
    readonly clazz: string,
    /** The live resource (this language), or the handle of another language's resource. */
    readonly resource: SerializableResource | OpaqueResource,
    /** `java-internal`: read from (and written as) Java's `InternalSubagentProvider`, whose resource is a live internal setup. */
    readonly layout: 'serialized' | 'java-internal' = 'serialized',
  ) {}

  get language(): Language {
    return providerLanguage(this.kind);
  }

  /** Java writes the resource as a JSON string under its own key. */
  get serializedKey(): 'serialized' | 'serializedResource' {
    return this.kind === 'JavaSerializableResourceProvider' ? 'serializedResource' : 'serialized';
  }
}

export type ResourceProvider = DescriptorProvider | SerializableProvider;
