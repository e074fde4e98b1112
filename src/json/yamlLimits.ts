import type { Document, Node } from 'yaml';
import { yamlLibrary } from './yamlLibrary.js';

/**
 * What one YAML document may build, in both languages (Python: `pyjson/yaml_limits.py`). A plan,
 * declaration, fixture or known-divergence file nests at most 200 collections deep (the deepest
 * in this repository nests 14), and its aliases expand at most 10,000 times into at most 100,000
 * nodes: a 342-byte "billion laughs" document would otherwise build 10^9 nodes.
 */
export const YAML_NESTING_LIMIT = 200;
export const YAML_ALIAS_LIMIT = 10_000;
export const YAML_ALIAS_NODE_LIMIT = 100_000;

export interface YamlLimits {
  /** How many collections deep the document may nest; `Infinity` for a value that keeps no limit (a result). */
  readonly nesting: number;
}

export interface YamlLimitProblem {
  readonly message: string;
  /** Offset in the text of the node (or alias) that goes past the limit. */
  readonly offset: number;
}

export const nestingMessage = (limit: number): string =>
  `the document nests deeper than ${limit} levels, the limit for a YAML input file`;
const aliasCountMessage = (name: string): string =>
  `alias *${name} makes the document expand more than ${YAML_ALIAS_LIMIT} aliases, the limit for a YAML input file`;
const aliasSizeMessage = (name: string): string =>
  `alias *${name} makes the document expand past ${YAML_ALIAS_NODE_LIMIT} nodes through aliases, the limit for a YAML input file`;

/**
 * The first bracket of the text that opens a flow collection deeper than `limit`, found before
 * the YAML library builds its tree (which for a 1,000,000-deep `[[[...` takes gigabytes). Quoted
 * text and comments are skipped; a bracket inside a plain scalar is counted, which only errs on
 * the side of refusing a document of hundreds of unbalanced brackets.
 */
export const deepFlowOffset = (text: string, limit: number): number | undefined => {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
    } else if (c === 0x27 /* ' */) {
      const end = text.indexOf("'", i + 1);
      i = end < 0 ? text.length : end;
    } else if (c === 0x23 /* # */ && (i === 0 || /\s/.test(text[i - 1]!))) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > limit) return i;
    } else if ((c === 0x5d /* ] */ || c === 0x7d) /* } */ && depth > 0) {
      depth--;
    }
  }
  return undefined;
};

interface Extent {
  /** Nodes the node stands for once its aliases are expanded (itself, keys and values). */
  readonly nodes: number;
  /** Aliases expanded within it. */
  readonly aliases: number;
  /** Collections deep it nests once expanded (0 for a scalar). */
  readonly nesting: number;
}

/**
 * Checks a parsed document against the limits without expanding an alias: each node's extent is
 * measured once, in document order (an anchor comes before its aliases), and an alias adds the
 * extent of its anchor. Loops instead of recursing.
 */
export const checkYamlLimits = (doc: Document, limits: YamlLimits): YamlLimitProblem | undefined => {
  const extents = new Map<unknown, Extent>();
  let nodes = 0;
  let aliases = 0;
  let aliasNodes = 0;
  // Each open collection: the node, its children in order, the next child, the counters at its
  // start, its nesting level, and the deepest nesting seen below it.
  interface Frame {
    readonly node: Node;
    readonly children: readonly unknown[];
    next: number;
    readonly nodes: number;
    readonly aliases: number;
    readonly level: number;
    deepest: number;
  }
  const stack: Frame[] = [];
  const offsetOf = (node: unknown): number => (node as Node | null)?.range?.[0] ?? 0;
  const finish = (child: unknown, extent: Extent): void => {
    extents.set(child, extent);
    const parent = stack[stack.length - 1];
    if (parent !== undefined) parent.deepest = Math.max(parent.deepest, parent.level + extent.nesting);
  };
  const visit = (child: unknown): YamlLimitProblem | undefined => {
    const level = stack.length;
    if (yamlLibrary().isAlias(child)) {
      const target = child.resolve(doc);
      const extent = target === undefined ? undefined : extents.get(target);
      // An alias that does not resolve to a finished node is refused when the tree is read.
      if (extent === undefined) return undefined;
      nodes += extent.nodes;
      aliasNodes += extent.nodes;
      aliases += 1 + extent.aliases;
      if (aliases > YAML_ALIAS_LIMIT) return { message: aliasCountMessage(child.source), offset: offsetOf(child) };
      if (aliasNodes > YAML_ALIAS_NODE_LIMIT) return { message: aliasSizeMessage(child.source), offset: offsetOf(child) };
      if (level + extent.nesting > limits.nesting) return { message: nestingMessage(limits.nesting), offset: offsetOf(child) };
      const parent = stack[stack.length - 1];
      if (parent !== undefined) parent.deepest = Math.max(parent.deepest, level + extent.nesting);
      return undefined;
    }
    nodes += 1;
    if (yamlLibrary().isSeq(child) || yamlLibrary().isMap(child)) {
      if (level + 1 > limits.nesting) return { message: nestingMessage(limits.nesting), offset: offsetOf(child) };
      const children = yamlLibrary().isSeq(child) ? child.items : child.items.flatMap((pair) => [pair.key, pair.value]);
      stack.push({ node: child, children, next: 0, nodes: nodes - 1, aliases, level: level + 1, deepest: level + 1 });
      return undefined;
    }
    finish(child, { nodes: 1, aliases: 0, nesting: 0 });
    return undefined;
  };
  let problem = visit(doc.contents);
  while (problem === undefined && stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.next < top.children.length) {
      problem = visit(top.children[top.next++]);
      continue;
    }
    stack.pop();
    finish(top.node, { nodes: nodes - top.nodes, aliases: aliases - top.aliases, nesting: top.deepest - top.level + 1 });
  }
  return problem;
};
