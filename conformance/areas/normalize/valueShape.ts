import type { PyJson } from '../../../src/json/pyJson.js';

/**
 * The shape of a value the normalize fuzzer draws, before it is written in the value encoding.
 * `ref` marks a place where a reference to an earlier container may go (a diamond, or a cycle
 * when the container is an ancestor); which one is decided when the shape is written.
 */
export type ValueShape =
  | { readonly t: 'leaf'; readonly v: PyJson }
  | { readonly t: 'list' | 'tuple'; readonly items: readonly ValueShape[] }
  | { readonly t: 'object' | 'literal' | 'nullProto'; readonly entries: readonly (readonly [string, ValueShape])[] }
  | { readonly t: 'map'; readonly entries: readonly (readonly [PyJson, ValueShape])[] }
  | { readonly t: 'chain'; readonly depth: number; readonly key: string | null; readonly leaf: ValueShape }
  | { readonly t: 'ref' };
