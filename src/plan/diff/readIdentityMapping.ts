import type { PyJson } from '../../json/pyJson.js';
import { checkKnownKeys, childPath, expectArray, expectObject, expectOneOf, expectString, requireKey, treeGet, treeKeys } from '../../types/declarationTree.js';
import type { ClassName, FunctionName, IdentityMapping } from './identities.js';

const readFunctionName = (tree: PyJson, path: string): FunctionName => {
  const node = expectObject(tree, path);
  const funcType = expectOneOf(requireKey(node, 'func_type', path), ['PythonFunction', 'JavaFunction', 'TypeScriptFunction'] as const, childPath(path, 'func_type'));
  const field = (key: string): string => expectString(requireKey(node, key, path), childPath(path, key));
  if (funcType === 'JavaFunction') {
    checkKnownKeys(node, ['func_type', 'qualname', 'method_name', 'parameter_types'], path);
    return { funcType, qualname: field('qualname'), methodName: field('method_name') };
  }
  checkKnownKeys(node, ['func_type', 'module', 'qualname'], path);
  return { funcType, module: field('module'), qualname: field('qualname') };
};

const readClassName = (tree: PyJson, path: string): ClassName => {
  const node = expectObject(tree, path);
  checkKnownKeys(node, ['language', 'module', 'clazz'], path);
  return {
    language: expectOneOf(requireKey(node, 'language', path), ['python', 'java', 'typescript'] as const, childPath(path, 'language')),
    module: expectString(requireKey(node, 'module', path), childPath(path, 'module')),
    clazz: expectString(requireKey(node, 'clazz', path), childPath(path, 'clazz')),
  };
};

const readGroups = <T>(node: PyJson | undefined, path: string, read: (tree: PyJson, path: string) => T): Map<string, T[]> => {
  const groups = new Map<string, T[]>();
  if (node === undefined) return groups;
  const object = expectObject(node, path);
  for (const name of treeKeys(object)) {
    const groupPath = childPath(path, name);
    groups.set(name, expectArray(treeGet(object, name), groupPath).map((item, index) => read(item, childPath(groupPath, index))));
  }
  return groups;
};

/**
 * A mapping between languages a user adds to the default one: under `functions` and `classes`,
 * each named group lists the same function or class as each language names it.
 */
export const readIdentityMapping = (tree: PyJson): IdentityMapping => {
  const node = expectObject(tree, '$');
  checkKnownKeys(node, ['functions', 'classes'], '$');
  return {
    functions: readGroups(treeGet(node, 'functions'), '$.functions', readFunctionName),
    classes: readGroups(treeGet(node, 'classes'), '$.classes', readClassName),
  };
};

/** Two mappings as one; a group of the same name gathers the names of both. */
export const mergeIdentities = (a: IdentityMapping, b: IdentityMapping): IdentityMapping => {
  const merge = <T>(x: ReadonlyMap<string, readonly T[]>, y: ReadonlyMap<string, readonly T[]>): Map<string, T[]> => {
    const merged = new Map<string, T[]>([...x].map(([k, v]) => [k, [...v]]));
    for (const [k, v] of y) merged.set(k, [...(merged.get(k) ?? []), ...v]);
    return merged;
  };
  return { functions: merge(a.functions, b.functions), classes: merge(a.classes, b.classes) };
};
