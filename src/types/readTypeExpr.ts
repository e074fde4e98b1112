import type { PyJson, PyJsonObject } from '../json/pyJson.js';
import type { ScalarTypeName, TypeExpr } from './declaration.js';
import { msg } from './declarationMessages.js';
import { checkKnownKeys, childPath, expectArray, expectBoolean, expectObject, expectOneOf, expectString, fail, requireKey, treeGet } from './declarationTree.js';
import { constraintTarget, readConstraints } from './readConstraints.js';
import { readUniqueScalars } from './readScalar.js';
import { typedKey } from './scalarKeys.js';
import { flattenUnion, typeExprKey } from './typeExprKey.js';

/** The names a type expression may refer to. */
export interface TypeNames {
  readonly enums: ReadonlySet<string>;
  readonly models: ReadonlySet<string>;
}

export const SCALAR_TYPES: readonly ScalarTypeName[] = [
  'str', 'int', 'float', 'bool', 'bytes', 'none', 'any', 'datetime', 'date', 'time', 'timedelta', 'uuid', 'decimal', 'callable',
];

/** The keys each type takes besides `type` and `constraints`, in the order they are checked. */
const TYPE_KEYS: Readonly<Record<string, readonly string[]>> = {
  ...Object.fromEntries(SCALAR_TYPES.map((name) => [name, []])),
  url: ['variant'],
  list: ['items'],
  set: ['items'],
  frozenset: ['items'],
  dict: ['keys', 'values'],
  tuple: ['items', 'variadic'],
  union: ['members', 'discriminator'],
  literal: ['values'],
  enum: ['name'],
  model: ['name'],
};

const optionalType = (node: PyJsonObject, key: string, path: string, names: TypeNames): TypeExpr | undefined => {
  const value = treeGet(node, key);
  return value === undefined ? undefined : readTypeExpr(value, childPath(path, key), names);
};

const readTypeList = (node: PyJsonObject, key: string, path: string, names: TypeNames): TypeExpr[] => {
  const listPath = childPath(path, key);
  return expectArray(requireKey(node, key, path), listPath).map((item, index) =>
    readTypeExpr(item, childPath(listPath, index), names),
  );
};

const readUnion = (node: PyJsonObject, path: string, names: TypeNames): TypeExpr => {
  const members = readTypeList(node, 'members', path, names);
  const membersPath = childPath(path, 'members');
  if (members.length === 0) fail(membersPath, msg.emptyUnion());
  const seen = new Set<string>();
  for (const [member, memberPath] of flattenUnion(members, membersPath)) {
    const key = typeExprKey(member);
    if (seen.has(key)) fail(memberPath, msg.duplicateUnionMember());
    seen.add(key);
  }
  const discriminator = treeGet(node, 'discriminator');
  if (discriminator === undefined) return { type: 'union', members };
  return { type: 'union', members, discriminator: expectString(discriminator, childPath(path, 'discriminator')) };
};

const readLiteral = (node: PyJsonObject, path: string): TypeExpr => {
  const valuesPath = childPath(path, 'values');
  const values = expectArray(requireKey(node, 'values', path), valuesPath);
  if (values.length === 0) fail(valuesPath, msg.emptyLiteral());
  readUniqueScalars(values, valuesPath, typedKey, msg.duplicateLiteral);
  return { type: 'literal', values };
};

const readReference = (node: PyJsonObject, kind: 'enum' | 'model', path: string, names: TypeNames): TypeExpr => {
  const namePath = childPath(path, 'name');
  const name = expectString(requireKey(node, 'name', path), namePath);
  if (kind === 'enum' && !names.enums.has(name)) fail(namePath, msg.unknownEnum(name));
  if (kind === 'model' && !names.models.has(name)) fail(namePath, msg.unknownModel(name));
  return { type: kind, name };
};

const readShape = (node: PyJsonObject, type: string, path: string, names: TypeNames): TypeExpr => {
  switch (type) {
    case 'url':
      return { type, variant: expectOneOf(requireKey(node, 'variant', path), ['any', 'http'], childPath(path, 'variant')) };
    case 'list':
    case 'set':
    case 'frozenset': {
      const items = optionalType(node, 'items', path, names);
      return items === undefined ? { type } : { type, items };
    }
    case 'dict': {
      const keys = optionalType(node, 'keys', path, names);
      const values = optionalType(node, 'values', path, names);
      return { type, ...(keys && { keys }), ...(values && { values }) };
    }
    case 'tuple': {
      const items = readTypeList(node, 'items', path, names);
      const variadicNode = treeGet(node, 'variadic');
      const variadic = variadicNode === undefined ? undefined : expectBoolean(variadicNode, childPath(path, 'variadic'));
      if (variadic === true && items.length !== 1) fail(childPath(path, 'items'), msg.variadicItems());
      return variadic === undefined ? { type, items } : { type, items, variadic };
    }
    case 'union':
      return readUnion(node, path, names);
    case 'literal':
      return readLiteral(node, path);
    case 'enum':
    case 'model':
      return readReference(node, type, path, names);
    default:
      return { type: type as ScalarTypeName };
  }
};

/**
 * Reads one type expression: `type` first, then unknown keys, then the keys of that type in
 * order, then `constraints` (which must apply to the type).
 */
export const readTypeExpr = (tree: PyJson, path: string, names: TypeNames): TypeExpr => {
  const node = expectObject(tree, path);
  const typePath = childPath(path, 'type');
  const type = expectString(requireKey(node, 'type', path), typePath);
  const keys = Object.hasOwn(TYPE_KEYS, type) ? TYPE_KEYS[type] : undefined;
  if (keys === undefined) return fail(typePath, msg.unknownType(type));
  checkKnownKeys(node, ['type', ...keys, 'constraints'], path);
  const shape = readShape(node, type, path, names);
  const constraintsNode = treeGet(node, 'constraints');
  if (constraintsNode === undefined) return shape;
  const constraints = readConstraints(constraintsNode, childPath(path, 'constraints'), constraintTarget(shape));
  return { ...shape, constraints };
};
