import type { PyJson, PyJsonObject } from '../json/pyJson.js';
import type { ComputedFieldDeclaration, FieldDeclaration, ModelConfig, ModelDeclaration } from './declaration.js';
import { msg } from './declarationMessages.js';
import { checkKnownKeys, childPath, expectArray, expectBoolean, expectObject, expectOneOf, expectString, fail, requireKey, treeGet } from './declarationTree.js';
import { BASE_MODEL_ATTRIBUTES } from './pythonNames.js';
import { constraintTarget, readConstraints } from './readConstraints.js';
import { readDefault, readFactory, type DefaultNames } from './readDefault.js';
import { readName, type NameRegistry } from './readNames.js';
import { readTypeExpr, type TypeNames } from './readTypeExpr.js';

export interface ModelContext {
  readonly registry: NameRegistry;
  readonly types: TypeNames;
  readonly defaults: DefaultNames;
}

type Reader<T> = (value: PyJson, path: string) => T;

/** Reads the optional keys of `node` in the order given, keeping only those present. */
const readOptional = <T extends object>(node: PyJsonObject, path: string, readers: { readonly [K in keyof T]: Reader<T[K]> }): Partial<T> => {
  const result: Partial<T> = {};
  for (const key of Object.keys(readers) as (keyof T & string)[]) {
    const value = treeGet(node, key);
    if (value !== undefined) result[key] = readers[key](value, childPath(path, key));
  }
  return result;
};

const readObjectValue: Reader<PyJson> = (value, path) => expectObject(value, path);
const readArrayValue: Reader<PyJson> = (value, path) => expectArray(value, path);

const readConfig = (tree: PyJson, path: string): ModelConfig => {
  const node = expectObject(tree, path);
  checkKnownKeys(node, ['title', 'extra', 'json_schema_extra', 'json_schema_serialization_defaults_required'], path);
  return readOptional<ModelConfig>(node, path, {
    title: expectString,
    extra: (value, at) => expectOneOf(value, ['allow', 'ignore', 'forbid'] as const, at),
    json_schema_extra: readObjectValue,
    json_schema_serialization_defaults_required: expectBoolean,
  });
};

/** Property keys already taken in each mode, and the field names, of the model being read. */
class ModelKeys {
  readonly names = new Set<string>();
  readonly validation = new Set<string>();
  readonly serialization = new Set<string>();

  claimName(tree: PyJson, path: string): string {
    const name = readName(tree, path);
    if (name.startsWith('_')) fail(path, msg.privateField(name));
    if (BASE_MODEL_ATTRIBUTES.has(name)) fail(path, msg.shadowsBaseModel(name));
    if (this.names.has(name)) fail(path, msg.duplicateField(name));
    this.names.add(name);
    return name;
  }

  claimProperty(key: string, mode: 'validation' | 'serialization', path: string): void {
    const taken = mode === 'validation' ? this.validation : this.serialization;
    if (taken.has(key)) fail(path, msg.duplicatePropertyKey(key, mode));
    taken.add(key);
  }
}

const FIELD_KEYS = [
  'name', 'type', 'required', 'default', 'default_factory', 'alias', 'validation_alias', 'serialization_alias',
  'title', 'description', 'examples', 'json_schema_extra', 'deprecated', 'discriminator', 'constraints',
];

const readField = (tree: PyJson, path: string, keys: ModelKeys, context: ModelContext): FieldDeclaration => {
  const node = expectObject(tree, path);
  checkKnownKeys(node, FIELD_KEYS, path);
  const name = keys.claimName(requireKey(node, 'name', path), childPath(path, 'name'));
  const type = readTypeExpr(requireKey(node, 'type', path), childPath(path, 'type'), context.types);
  const required = expectBoolean(requireKey(node, 'required', path), childPath(path, 'required'));
  const rest = readOptional<Omit<FieldDeclaration, 'name' | 'type' | 'required'>>(node, path, {
    default: (value, at) => readDefault(value, at, context.defaults),
    default_factory: (value, at) => readFactory(value, at, context.defaults),
    alias: expectString,
    validation_alias: expectString,
    serialization_alias: expectString,
    title: expectString,
    description: expectString,
    examples: readArrayValue,
    json_schema_extra: readObjectValue,
    deprecated: expectBoolean,
    discriminator: expectString,
    constraints: (value, at) => readConstraints(value, at, constraintTarget(type)),
  });
  const hasDefault = rest.default !== undefined;
  const hasFactory = rest.default_factory !== undefined;
  if (hasDefault && hasFactory) fail(childPath(path, 'default_factory'), msg.defaultAndFactory());
  if (required && (hasDefault || hasFactory)) {
    fail(childPath(path, hasDefault ? 'default' : 'default_factory'), msg.requiredWithDefault(hasDefault ? 'default' : 'default_factory'));
  }
  if (!required && !hasDefault && !hasFactory) fail(childPath(path, 'required'), msg.optionalWithoutDefault());
  keys.claimProperty(rest.validation_alias ?? rest.alias ?? name, 'validation', path);
  keys.claimProperty(rest.serialization_alias ?? rest.alias ?? name, 'serialization', path);
  return { name, type, required, ...rest };
};

const readComputedField = (tree: PyJson, path: string, keys: ModelKeys, context: ModelContext): ComputedFieldDeclaration => {
  const node = expectObject(tree, path);
  checkKnownKeys(node, ['name', 'return_type', 'description', 'title'], path);
  const name = keys.claimName(requireKey(node, 'name', path), childPath(path, 'name'));
  const returnType = readTypeExpr(requireKey(node, 'return_type', path), childPath(path, 'return_type'), context.types);
  const rest = readOptional<Pick<ComputedFieldDeclaration, 'description' | 'title'>>(node, path, {
    description: expectString,
    title: expectString,
  });
  // A computed field is a property in serialization mode only.
  keys.claimProperty(name, 'serialization', path);
  return { name, return_type: returnType, ...rest };
};

const readList = <T>(node: PyJsonObject, key: string, path: string, required: boolean, read: (tree: PyJson, at: string) => T): T[] | undefined => {
  const value = required ? requireKey(node, key, path) : treeGet(node, key);
  if (value === undefined) return undefined;
  const listPath = childPath(path, key);
  return expectArray(value, listPath).map((item, index) => read(item, childPath(listPath, index)));
};

/** Reads one model: name, doc, config, fields, computed_fields. */
export const readModel = (tree: PyJson, path: string, context: ModelContext): ModelDeclaration => {
  const node = expectObject(tree, path);
  checkKnownKeys(node, ['name', 'doc', 'config', 'fields', 'computed_fields'], path);
  const name = context.registry.declareModel(requireKey(node, 'name', path), childPath(path, 'name'));
  const docNode = treeGet(node, 'doc');
  const doc = docNode === undefined || docNode === null ? docNode : expectString(docNode, childPath(path, 'doc'));
  const configNode = treeGet(node, 'config');
  const config = configNode === undefined ? undefined : readConfig(configNode, childPath(path, 'config'));
  const keys = new ModelKeys();
  const fields = readList(node, 'fields', path, true, (item, at) => readField(item, at, keys, context))!;
  const computed = readList(node, 'computed_fields', path, false, (item, at) => readComputedField(item, at, keys, context));
  return {
    name,
    ...(doc !== undefined && { doc }),
    ...(config !== undefined && { config }),
    fields,
    ...(computed !== undefined && { computed_fields: computed }),
  };
};
