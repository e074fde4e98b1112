import type { Node, ScalarTag } from 'yaml';
import { yamlLibrary } from './yamlLibrary.js';
import { AgentparityError, type ErrorCode } from '../errors.js';
import { PyFloat, type PyJson } from './pyJson.js';
import { YAML_NESTING_LIMIT, checkYamlLimits, deepFlowOffset, nestingMessage, type YamlLimits } from './yamlLimits.js';

/** A YAML document that does not parse, or holds something JSON cannot carry. */
export class YamlReadError extends AgentparityError {
  readonly kind = 'ValueError';
  constructor(
    message: string,
    code: ErrorCode,
    /** The JSON path of the offending node (`$.cases[3].input`), or undefined for a syntax error. */
    path: string | undefined,
    readonly line: number | undefined,
    readonly column: number | undefined,
  ) {
    super(message, { path, code });
  }
}

const FLOAT_TAG = 'tag:yaml.org,2002:float';
const INT_TAG = 'tag:yaml.org,2002:int';

// YAML 1.2 core rules, but floats stay floats (`2.0` is not `2`) and big integers stay exact.
const losslessTags = (tags: unknown[]): unknown[] =>
  tags.map((tag) => {
    const t = tag as ScalarTag;
    if (t.tag === FLOAT_TAG && t.resolve) {
      const resolve = t.resolve.bind(t);
      return { ...t, resolve: (...args: Parameters<typeof resolve>) => toPyFloat(resolve(...args)) };
    }
    if (t.tag === INT_TAG && t.resolve) {
      const resolve = t.resolve.bind(t);
      return { ...t, resolve: (...args: Parameters<typeof resolve>) => toPyInt(resolve(...args)) };
    }
    return t;
  });

const toPyFloat = (resolved: unknown): PyFloat =>
  new PyFloat(yamlLibrary().isScalar(resolved) ? Number(resolved.value) : Number(resolved));

const toPyInt = (resolved: unknown): number | bigint => {
  const value = yamlLibrary().isScalar(resolved) ? resolved.value : resolved;
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value;
  return value as number;
};

const childPath = (path: string, key: string | number): string =>
  typeof key === 'number' ? `${path}[${key}]` : /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;

const lineAndColumn = (text: string, offset: number): [number, number] => {
  const before = text.slice(0, offset);
  return [before.split('\n').length, offset - before.lastIndexOf('\n')];
};

/**
 * Reads one YAML document (YAML 1.2 core schema) into the lossless value model of
 * `parsePyJson`: mappings become Maps in written order, floats `PyFloat`, big integers `bigint`.
 * Aliases are read as a copy of their anchor. A mapping key must be a string; anything else is
 * refused with its path. A document past the limits of `yamlLimits.ts` (nesting, alias
 * expansion) is refused with the line of the node that goes past them; a result read from YAML
 * passes `{nesting: Infinity}`.
 */
export const parseYaml = (text: string, limits: YamlLimits = { nesting: YAML_NESTING_LIMIT }): PyJson => {
  const deep = deepFlowOffset(text, limits.nesting);
  if (deep !== undefined) throw new YamlReadError(nestingMessage(limits.nesting), 'YAML_TOO_DEEP', undefined, ...lineAndColumn(text, deep));
  const doc = yamlLibrary().parseDocument(text, { schema: 'core', intAsBigInt: true, customTags: losslessTags as never });
  const error = doc.errors[0];
  if (error) {
    const pos = error.linePos?.[0];
    throw new YamlReadError(error.message, 'YAML_SYNTAX', undefined, pos?.line, pos?.col);
  }
  const problem = checkYamlLimits(doc, limits);
  if (problem !== undefined) throw new YamlReadError(problem.message, 'YAML_LIMIT', undefined, ...lineAndColumn(text, problem.offset));
  const locate = (node: Node | null | undefined): [number | undefined, number | undefined] => {
    const offset = node?.range?.[0];
    return offset === undefined ? [undefined, undefined] : lineAndColumn(text, offset);
  };
  const open = new Set<unknown>();
  const convert = (node: unknown, path: string): PyJson => {
    if (node === null || node === undefined) return null;
    if (yamlLibrary().isAlias(node)) {
      const target = node.resolve(doc);
      if (target === undefined || open.has(target)) {
        throw new YamlReadError(`alias *${node.source} does not resolve to a finished node`, 'YAML_ALIAS_UNRESOLVED', path, ...locate(node));
      }
      return convert(target, path);
    }
    if (yamlLibrary().isScalar(node)) {
      const value = node.value;
      if (value === null || typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number') return value;
      if (typeof value === 'bigint' || value instanceof PyFloat) return value;
      throw new YamlReadError(`unsupported YAML value of type ${typeof value}`, 'YAML_VALUE_UNSUPPORTED', path, ...locate(node));
    }
    if (yamlLibrary().isSeq(node)) {
      open.add(node);
      const items = node.items.map((item, index) => convert(item, childPath(path, index)));
      open.delete(node);
      return items;
    }
    if (yamlLibrary().isMap(node)) {
      open.add(node);
      const map = new Map<string, PyJson>();
      for (const pair of node.items) {
        const key = yamlLibrary().isScalar(pair.key) ? pair.key.value : pair.key;
        if (typeof key !== 'string') {
          throw new YamlReadError('mapping keys must be strings', 'YAML_KEY_NOT_STRING', path, ...locate(pair.key as Node));
        }
        map.set(key, convert(pair.value, childPath(path, key)));
      }
      open.delete(node);
      return map;
    }
    throw new YamlReadError('unsupported YAML node', 'YAML_NODE_UNSUPPORTED', path, ...locate(node as Node));
  };
  return convert(doc.contents, '$');
};
