import { objectEntries, type PyJson } from '../json/pyJson.js';
import { YAML_NESTING_LIMIT } from '../json/yamlLimits.js';
import { childPath, fail, isTreeArray, isTreeObject, refusal } from './declarationTree.js';

/** How deep a declaration tree may nest, however it was read (YAML, JSON, a protocol request). */
export const DECLARATION_NESTING_LIMIT = YAML_NESTING_LIMIT;

const isContainer = (value: PyJson): boolean => isTreeArray(value) || isTreeObject(value);

/**
 * Refuses a tree that nests more than `DECLARATION_NESTING_LIMIT` objects and arrays deep, at the
 * path of the first container (in walk order) past the limit. The readers recurse, the check
 * loops: it runs first, so that a 1,000,000-deep document is an error and not a stack overflow.
 */
export const checkDeclarationNesting = (tree: PyJson): void => {
  if (nestsWithin(tree, DECLARATION_NESTING_LIMIT)) return;
  const pending: [PyJson, string, number][] = isContainer(tree) ? [[tree, '$', 1]] : [];
  while (pending.length > 0) {
    const [node, path, level] = pending.pop()!;
    if (level > DECLARATION_NESTING_LIMIT) fail(path, refusal('DECLARATION_TOO_DEEP', `the declaration nests deeper than ${DECLARATION_NESTING_LIMIT} levels`));
    const children: [string | number, PyJson][] = isTreeArray(node) ? node.map((item, index) => [index, item]) : [...objectEntries(node as never)];
    for (let i = children.length - 1; i >= 0; i--) {
      const [key, child] = children[i]!;
      if (isContainer(child)) pending.push([child, childPath(path, key), level + 1]);
    }
  }
};

/**
 * Whether the tree nests at most `limit` containers deep: a level at a time, with no paths, as
 * almost every tree does (the walk above then names the first one past the limit).
 */
const nestsWithin = (tree: PyJson, limit: number): boolean => {
  let level: PyJson[] = isContainer(tree) ? [tree] : [];
  for (let depth = 0; depth < limit; depth++) {
    const below: PyJson[] = [];
    for (const node of level) {
      for (const child of isTreeArray(node) ? node : node instanceof Map ? node.values() : Object.values(node as object)) {
        if (isContainer(child as PyJson)) below.push(child as PyJson);
      }
    }
    if (below.length === 0) return true;
    level = below;
  }
  return false;
};
