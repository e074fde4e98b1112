import type { Language } from '../functions/functionDescriptor.js';
import type { PyJson } from '../json/pyJson.js';
import { ResourceDescriptor } from '../resources/resourceDescriptor.js';
import { isResourceType, type ResourceType } from '../resources/resourceType.js';
import type { ClassRegistry } from './classRegistry.js';
import type { JsonNode, ObjectNode } from './jsonNode.js';
import { rememberKeyOrder } from './keyOrder.js';
import { atPath } from './locateError.js';
import { quote } from '../types/declarationTree.js';
import type { AgentPlan } from './agentPlan.js';
import { InternalSubagentSetup } from './internalSubagentSetup.js';
import {
  DESCRIPTOR_PROVIDER_KINDS,
  JAVA_INTERNAL_PROVIDER_KIND,
  JAVA_INTERNAL_SETUP,
  DescriptorProvider,
  OpaqueResource,
  SERIALIZABLE_PROVIDER_KINDS,
  SerializableProvider,
  providerLanguage,
  type DescriptorProviderKind,
  type ResourceProvider,
  type SerializableProviderKind,
} from './resourceProvider.js';

/** What a plan is read against: the classes it may name, and which language is "this side" (null: none). */
export interface PlanReadContext {
  readonly registry: ClassRegistry;
  readonly language: Language | null;
}

/** Reads a nested plan (the plan reader, handed down so that providers can hold child plans). */
export type ReadChildPlan = (node: JsonNode, context: PlanReadContext) => AgentPlan;

const KIND_KEY = '__resource_provider_type__';

export const readResourceType = (node: JsonNode): ResourceType => {
  const value = node.asString();
  return isResourceType(value) ? value : node.fail('PLAN_RESOURCE_TYPE_UNKNOWN', `unknown resource type ${quote(value)}`);
};

export const readDescriptor = (node: JsonNode, language: Language): ResourceDescriptor => {
  const object = node.asObject().allowOnly(['target_module', 'target_clazz', 'arguments']);
  const descriptor = new ResourceDescriptor(
    object.required('target_module').asString(),
    object.required('target_clazz').asString(),
    object.required('arguments').asObject().entries,
    language,
  );
  rememberKeyOrder(descriptor, object.keys);
  return descriptor;
};

/**
 * Reads one resource provider filed under `group` and `key`. A serializable resource of this
 * side's language is restored through the registry (its own validation runs again); one of
 * another language is kept as an opaque handle.
 */
export const readProvider = (node: JsonNode, group: ResourceType, key: string, context: PlanReadContext, readChildPlan: ReadChildPlan): ResourceProvider => {
  const object = node.asObject();
  const kindNode = object.required(KIND_KEY);
  const kind = kindNode.asString();
  let provider: ResourceProvider;
  if ((DESCRIPTOR_PROVIDER_KINDS as readonly string[]).includes(kind)) {
    provider = readDescriptorProvider(object, kind as DescriptorProviderKind, group, key);
  } else if ((SERIALIZABLE_PROVIDER_KINDS as readonly string[]).includes(kind)) {
    provider = readSerializableProvider(object, kind as SerializableProviderKind, group, key, context);
  } else if (kind === JAVA_INTERNAL_PROVIDER_KIND) {
    provider = readJavaInternalProvider(object, group, key, context, readChildPlan);
  } else {
    return kindNode.fail('PLAN_PROVIDER_TYPE_UNKNOWN', `unknown resource provider type ${quote(kind)}`);
  }
  rememberKeyOrder(provider, object.keys);
  return provider;
};

const readNameAndType = (object: ObjectNode, group: ResourceType, key: string): [string, ResourceType] => {
  const nameNode = object.required('name');
  const name = nameNode.asString();
  const typeNode = object.required('type');
  const type = readResourceType(typeNode);
  if (name !== key) nameNode.fail('PLAN_RESOURCE_NAME_MISMATCH', `resource name ${quote(name)} does not match its key ${quote(key)}`);
  if (type !== group) typeNode.fail('PLAN_RESOURCE_TYPE_MISMATCH', `resource type ${quote(type)} does not match its group ${quote(group)}`);
  return [name, type];
};

const readDescriptorProvider = (object: ObjectNode, kind: DescriptorProviderKind, group: ResourceType, key: string): DescriptorProvider => {
  // The older Python layout puts the class and its arguments beside the name.
  const legacy = !object.has('descriptor') && object.has('kwargs');
  object.allowOnly(legacy ? ['name', 'type', 'module', 'clazz', 'kwargs', KIND_KEY] : ['name', 'type', 'descriptor', KIND_KEY]);
  const [name, type] = readNameAndType(object, group, key);
  const language = providerLanguage(kind);
  if (!legacy) return new DescriptorProvider(kind, name, type, readDescriptor(object.required('descriptor'), language));
  const descriptor = new ResourceDescriptor(
    object.required('module').asString(),
    object.required('clazz').asString(),
    object.required('kwargs').asObject().entries,
    language,
  );
  return new DescriptorProvider(kind, name, type, descriptor, 'kwargs');
};

const readSerializableProvider = (
  object: ObjectNode,
  kind: SerializableProviderKind,
  group: ResourceType,
  key: string,
  context: PlanReadContext,
): SerializableProvider => {
  const dataKey = kind === 'JavaSerializableResourceProvider' ? 'serializedResource' : 'serialized';
  object.allowOnly(['name', 'type', 'module', 'clazz', dataKey, KIND_KEY]);
  const [name, type] = readNameAndType(object, group, key);
  const module = object.required('module').asString();
  const clazzNode = object.required('clazz');
  const clazz = clazzNode.asString();
  const dataNode = object.required(dataKey);
  if (providerLanguage(kind) !== context.language) {
    const data: PyJson = dataKey === 'serializedResource' ? dataNode.asString() : dataNode.asObject().entries;
    return new SerializableProvider(kind, name, type, module, clazz, new OpaqueResource(data));
  }
  const entry = context.registry.require({ module, clazz }, clazzNode.pointer);
  if (entry.type !== type) clazzNode.fail('PLAN_CLASS_MAKES_OTHER_TYPE', `class ${quote(`${module}.${clazz}`)} makes ${entry.type} resources, not ${type} resources`);
  if (!entry.restore) return clazzNode.fail('PLAN_CLASS_NOT_RESTORABLE', `class ${quote(`${module}.${clazz}`)} cannot be restored from serialized data`);
  const restore = entry.restore;
  dataNode.asObject();
  const resource = atPath(dataNode.pointer, () => restore(dataNode, context.registry));
  return new SerializableProvider(kind, name, type, module, clazz, resource);
};

/**
 * Java's `InternalSubagentProvider` (reference §2.3): the scope and the nested `childPlan` (any
 * plan layout), with D3's `description` and `inputSchema` when written. It becomes the same live
 * internal setup a Python-layout provider gives, whichever language reads it: a child plan is no
 * one language's.
 */
const readJavaInternalProvider = (object: ObjectNode, group: ResourceType, key: string, context: PlanReadContext, readChildPlan: ReadChildPlan): SerializableProvider => {
  object.allowOnly(['name', 'type', 'scope', 'childPlan', 'description', 'inputSchema', KIND_KEY]);
  const [name, type] = readNameAndType(object, group, key);
  const description = object.has('description') ? object.required('description').asString() : '';
  const schema = object.has('inputSchema') ? object.required('inputSchema') : undefined;
  const inputSchema = schema === undefined || schema.isNull ? null : schema.asString();
  const childPlan = readChildPlan(object.required('childPlan'), context);
  const setup = new InternalSubagentSetup({ description, inputSchema }, childPlan, object.required('scope').asString());
  return new SerializableProvider('JavaSerializableResourceProvider', name, type, JAVA_INTERNAL_SETUP.module, JAVA_INTERNAL_SETUP.clazz, setup, 'java-internal');
};
