import type { PyJson } from '../json/pyJson.js';
import type { EnumDeclaration, EnumMember } from './declaration.js';
import { msg } from './declarationMessages.js';
import { checkKnownKeys, childPath, expectArray, expectObject, expectOneOf, expectString, fail, isPyInt, requireKey, treeGet } from './declarationTree.js';
import { readName, type NameRegistry } from './readNames.js';
import { readFiniteScalar } from './readScalar.js';
import { equalityKey } from './scalarKeys.js';

const BASE_VALUES = {
  str: { what: 'string', accepts: (value: unknown) => typeof value === 'string' },
  int: { what: 'integer', accepts: isPyInt },
} as const;

const readMemberName = (tree: PyJson, path: string, seen: Set<string>): string => {
  const name = readName(tree, path);
  if (name.startsWith('_')) fail(path, msg.memberUnderscore(name));
  if (name === 'mro') fail(path, msg.memberReserved(name));
  if (seen.has(name)) fail(path, msg.duplicateMemberName(name));
  seen.add(name);
  return name;
};

const readMemberValue = (node: PyJson, path: string, base: 'str' | 'int' | null | undefined, seen: Set<string>): PyJson => {
  const value = readFiniteScalar(node, path);
  if (base) {
    const rule = BASE_VALUES[base];
    if (!rule.accepts(value)) fail(path, msg.enumBase(base, rule.what, value));
  }
  // Python makes a member whose value equals an earlier one an alias of it.
  const key = equalityKey(value);
  if (seen.has(key)) fail(path, msg.duplicateMemberValue(value));
  seen.add(key);
  return value;
};

/** Reads one enum: name, doc, base, members (each: name, then value). */
export const readEnum = (tree: PyJson, path: string, registry: NameRegistry): EnumDeclaration => {
  const node = expectObject(tree, path);
  checkKnownKeys(node, ['name', 'doc', 'base', 'members'], path);
  const name = registry.declareEnum(requireKey(node, 'name', path), childPath(path, 'name'));
  const docNode = treeGet(node, 'doc');
  const doc = docNode === undefined || docNode === null ? docNode : expectString(docNode, childPath(path, 'doc'));
  const baseNode = treeGet(node, 'base');
  const basePath = childPath(path, 'base');
  const base = baseNode === undefined || baseNode === null ? baseNode : expectOneOf(baseNode, ['str', 'int'] as const, basePath);
  const membersPath = childPath(path, 'members');
  const memberNodes = expectArray(requireKey(node, 'members', path), membersPath);
  if (memberNodes.length === 0) fail(membersPath, msg.emptyEnum());
  const names = new Set<string>();
  const values = new Set<string>();
  const members = memberNodes.map((memberTree, index): EnumMember => {
    const memberPath = childPath(membersPath, index);
    const member = expectObject(memberTree, memberPath);
    checkKnownKeys(member, ['name', 'value'], memberPath);
    return {
      name: readMemberName(requireKey(member, 'name', memberPath), childPath(memberPath, 'name'), names),
      value: readMemberValue(requireKey(member, 'value', memberPath), childPath(memberPath, 'value'), base, values),
    };
  });
  return {
    name,
    ...(doc !== undefined && { doc }),
    ...(base !== undefined && { base }),
    members,
  };
};

