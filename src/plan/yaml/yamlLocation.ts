import type { Node } from 'yaml';
import { yamlLibrary } from '../../json/yamlLibrary.js';

export interface YamlLocation {
  readonly line: number;
  readonly column: number;
}

const STEP = /^(?:\.([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\])/;

/** The keys of a declaration path (`$.agents[0].tools["odd key"]`), or undefined when it is not one. */
export const pathKeys = (path: string): (string | number)[] | undefined => {
  if (!path.startsWith('$')) return undefined;
  const keys: (string | number)[] = [];
  let rest = path.slice(1);
  while (rest !== '') {
    const step = STEP.exec(rest);
    if (!step) return undefined;
    keys.push(step[1] ?? (step[2] !== undefined ? Number(step[2]) : (JSON.parse(step[3]!) as string)));
    rest = rest.slice(step[0].length);
  }
  return keys;
};

/**
 * Where a declaration path points in the YAML text it was read from (1-based line and column).
 * A path that goes past what the text has (a missing key) points at the deepest node it reaches.
 */
export const yamlLocation = (text: string, path: string): YamlLocation | undefined => {
  const keys = pathKeys(path);
  if (keys === undefined) return undefined;
  const doc = yamlLibrary().parseDocument(text);
  for (let depth = keys.length; depth >= 0; depth--) {
    const node: unknown = depth === 0 ? doc.contents : doc.getIn(keys.slice(0, depth), true);
    const offset = yamlLibrary().isNode(node) ? (node as Node).range?.[0] : undefined;
    if (offset === undefined) continue;
    const before = text.slice(0, offset);
    return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
  }
  return undefined;
};
