import { PyFloat, type PyJson, type PyJsonObject } from '../json/pyJson.js';
import type { DefaultFactory, DefaultKind, DefaultValue, EnumDeclaration } from './declaration.js';
import { msg } from './declarationMessages.js';
import {
  checkKnownKeys,
  childPath,
  expectObject,
  expectOneOf,
  expectString,
  fail,
  isJsonScalar,
  isPyFloatValue,
  isPyInt,
  isTreeArray,
  isTreeObject,
  requireKey,
  treeGet,
} from './declarationTree.js';
import { acceptsForm, formDescription } from './defaultForms.js';
import { readUniqueScalars } from './readScalar.js';
import { equalityKey, typedKey } from './scalarKeys.js';

/** What a default may refer to: the enums read so far (all of them) and the declared model names. */
export interface DefaultNames {
  readonly enums: ReadonlyMap<string, EnumDeclaration>;
  readonly models: ReadonlySet<string>;
}

export const DEFAULT_KINDS: readonly DefaultKind[] = [
  'int', 'float', 'str', 'bool', 'null', 'list', 'dict', 'tuple', 'set', 'frozenset', 'bytes',
  'datetime', 'date', 'time', 'timedelta', 'uuid', 'decimal', 'enum', 'model',
];

// With the u flag a surrogate class only matches a surrogate that is not part of a pair.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

const mismatch = (kind: DefaultKind, what: string, value: PyJson, path: string): never =>
  fail(path, msg.defaultMismatch(kind, what, value));

const readSetElements = (kind: DefaultKind, value: PyJson, path: string): void => {
  if (!isTreeArray(value)) return mismatch(kind, 'an array', value, path);
  readUniqueScalars(value, path, equalityKey, msg.duplicateSetElement);
  // pydantic shows a set default sorted; what Python cannot sort it shows in hash order, which
  // for strings (and None) changes from run to run.
  const sortable = value.every((item) => typeof item === 'string') || value.every((item) => item !== null && typeof item !== 'string');
  if (value.length > 1 && !sortable) fail(path, msg.unsortableSet());
};

/** Checks the value against its kind; a float kind given an int reads as that float. */
const readValue = (kind: DefaultKind, value: PyJson, path: string, enumName: string | undefined, names: DefaultNames): PyJson => {
  switch (kind) {
    case 'int':
      return isPyInt(value) ? value : mismatch(kind, 'an integer', value, path);
    case 'float': {
      if (isPyFloatValue(value)) return value;
      if (!isPyInt(value)) return mismatch(kind, 'a number', value, path);
      const number = Number(value);
      return Number.isFinite(number) ? new PyFloat(number) : mismatch(kind, 'a number within float range', value, path);
    }
    case 'str':
      return typeof value === 'string' ? value : mismatch(kind, 'a string', value, path);
    case 'bool':
      return typeof value === 'boolean' ? value : mismatch(kind, 'a boolean', value, path);
    case 'null':
      return value === null ? value : mismatch(kind, 'null', value, path);
    case 'list':
    case 'tuple':
      return isTreeArray(value) ? value : mismatch(kind, 'an array', value, path);
    case 'set':
    case 'frozenset':
      readSetElements(kind, value, path);
      return value;
    case 'dict':
    case 'model':
      return isTreeObject(value) ? value : mismatch(kind, 'an object', value, path);
    case 'bytes':
      return typeof value === 'string' && !LONE_SURROGATE.test(value)
        ? value
        : mismatch(kind, 'a string without lone surrogates', value, path);
    case 'enum': {
      const members = names.enums.get(enumName!)!.members;
      const found = isJsonScalar(value) && members.some((member) => typedKey(member.value as typeof value) === typedKey(value));
      return found ? value : fail(path, msg.noEnumMember(enumName!, value));
    }
    default: {
      const description = formDescription(kind);
      return typeof value === 'string' && acceptsForm(kind, value) ? value : mismatch(kind, description, value, path);
    }
  }
};

const readTarget = (node: PyJsonObject, key: 'enum' | 'model', kind: DefaultKind, path: string, known: (name: string) => boolean): string | undefined => {
  const keyPath = childPath(path, key);
  const value = treeGet(node, key);
  if (kind !== key) return value === undefined ? undefined : fail(keyPath, msg.keyNeedsKind(key));
  const name = expectString(requireKey(node, key, path), keyPath);
  if (!known(name)) fail(keyPath, key === 'enum' ? msg.unknownEnum(name) : msg.unknownModel(name));
  return name;
};

/** Reads `{kind, value, enum?, model?}`: kind, unknown keys, `enum`, `model`, then `value`. */
export const readDefault = (tree: PyJson, path: string, names: DefaultNames): DefaultValue => {
  const node = expectObject(tree, path);
  const kindPath = childPath(path, 'kind');
  const kindText = expectString(requireKey(node, 'kind', path), kindPath);
  if (!(DEFAULT_KINDS as readonly string[]).includes(kindText)) fail(kindPath, msg.unknownDefaultKind(kindText));
  const kind = kindText as DefaultKind;
  checkKnownKeys(node, ['kind', 'value', 'enum', 'model'], path);
  const enumName = readTarget(node, 'enum', kind, path, (name) => names.enums.has(name));
  const modelName = readTarget(node, 'model', kind, path, (name) => names.models.has(name));
  const value = readValue(kind, requireKey(node, 'value', path), childPath(path, 'value'), enumName, names);
  return {
    value,
    kind,
    ...(enumName !== undefined && { enum: enumName }),
    ...(modelName !== undefined && { model: modelName }),
  };
};

/** Reads `{builtin}` or `{returns}`: unknown keys, `builtin`, `returns`, then exactly one of them. */
export const readFactory = (tree: PyJson, path: string, names: DefaultNames): DefaultFactory => {
  const node = expectObject(tree, path);
  checkKnownKeys(node, ['builtin', 'returns'], path);
  const builtinNode = treeGet(node, 'builtin');
  const builtin =
    builtinNode === undefined ? undefined : expectOneOf(builtinNode, ['list', 'dict', 'set'] as const, childPath(path, 'builtin'));
  const returnsNode = treeGet(node, 'returns');
  const returns = returnsNode === undefined ? undefined : readDefault(returnsNode, childPath(path, 'returns'), names);
  if (builtin !== undefined && returns === undefined) return { builtin };
  if (returns !== undefined && builtin === undefined) return { returns };
  return fail(path, msg.factoryOneOf());
};
