import type { PyJson } from '../../../src/json/pyJson.js';
import { isArrayIndexKey } from '../../../src/actions/normalize/jsonObjects.js';
import type { ValueShape } from './valueShape.js';

type Doc = Map<string, PyJson>;
const doc = (...entries: [string, PyJson][]): Doc => new Map(entries);

/** Python's equality for the map keys the fuzzer draws (strings, ints, bools, null, tuples of those). */
const keySignature = (key: PyJson): string =>
  typeof key === 'boolean' ? (key ? '1' : '0') : JSON.stringify(key, (_k, v: unknown) => (v instanceof Map ? [...v] : v));

/**
 * The entries a container keeps: map keys Python would find equal, repeated object keys, and
 * array-index keys of a `$nullProto` (an object would reorder them) are dropped.
 */
const keptEntries = <K extends PyJson>(shape: { readonly t: string; readonly entries: readonly (readonly [K, ValueShape])[] }): (readonly [K, ValueShape])[] => {
  const seen = new Set<string>();
  return shape.entries.filter(([key]) => {
    const signature = shape.t === 'map' ? keySignature(key) : String(key);
    if (seen.has(signature) || (shape.t === 'nullProto' && isArrayIndexKey(String(key)))) return false;
    seen.add(signature);
    return true;
  });
};

const childrenOf = (shape: ValueShape): ValueShape[] => {
  switch (shape.t) {
    case 'list':
    case 'tuple':
      return [...shape.items];
    case 'chain':
      return [shape.leaf];
    case 'object':
    case 'literal':
    case 'nullProto':
    case 'map':
      return keptEntries<PyJson>(shape).map(([, value]) => value);
    default:
      return [];
  }
};

/**
 * Which container each `ref` place names, by position in document order: a ref names one of the
 * containers met before it (an open one makes a cycle, a finished one a diamond), except an
 * open tuple, which Python builds from its finished items. -1 where none may be named.
 */
const planReferences = (root: ValueShape, choices: readonly number[]): number[] => {
  const targets: { open: boolean; tuple: boolean }[] = [];
  const refs: number[] = [];
  const stack: (ValueShape | { close: number })[] = [root];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if ('close' in item) {
      targets[item.close]!.open = false;
      continue;
    }
    if (item.t === 'leaf') continue;
    if (item.t === 'ref') {
      const eligible = targets.flatMap((t, index) => (t.open && t.tuple ? [] : [index]));
      const choice = choices.length === 0 ? undefined : choices[refs.length % choices.length]!;
      refs.push(choice === undefined || eligible.length === 0 ? -1 : eligible[choice % eligible.length]!);
      continue;
    }
    targets.push({ open: true, tuple: item.t === 'tuple' });
    stack.push({ close: targets.length - 1 });
    const children = childrenOf(item);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return refs;
};

/**
 * Writes a shape in the value encoding (DESIGN §3.2), giving `$id`s to the containers that `ref`
 * places name; `choices` decide, in document order, which earlier container each `ref` names.
 */
export const writeShape = (root: ValueShape, choices: readonly number[]): PyJson => {
  const refs = planReferences(root, choices);
  const ids = new Map<number, string>();
  for (const target of refs) if (target >= 0 && !ids.has(target)) ids.set(target, `n${ids.size + 1}`);

  let containers = 0;
  let refIndex = 0;
  const holder: PyJson[] = [null];
  const tasks: [ValueShape, PyJson[] | Doc, number | string][] = [[root, holder, 0]];
  while (tasks.length > 0) {
    const [shape, into, slot] = tasks.pop()!;
    const later: [ValueShape, PyJson[] | Doc, number | string][] = [];
    let written: PyJson;
    let id: string | undefined;
    if (shape.t === 'leaf') {
      written = shape.v;
    } else if (shape.t === 'ref') {
      const target = refs[refIndex++]!;
      written = target < 0 ? null : doc(['$ref', ids.get(target)!]);
    } else {
      id = ids.get(containers++);
      if (shape.t === 'list' || shape.t === 'tuple') {
        const items: PyJson[] = shape.items.map(() => null);
        shape.items.forEach((item, i) => later.push([item, items, i]));
        written = shape.t === 'list' ? items : doc(['$tuple', items]);
      } else if (shape.t === 'chain') {
        const body = doc(['depth', shape.depth], ['key', shape.key], ['leaf', null]);
        later.push([shape.leaf, body, 'leaf']);
        written = doc(['$chain', body]);
      } else if (shape.t === 'map') {
        const pairs = keptEntries<PyJson>(shape).map(([key, value]) => {
          const pair: PyJson[] = [key, null];
          later.push([value, pair, 1]);
          return pair;
        });
        written = doc(['$map', pairs]);
      } else {
        const body: Doc = new Map();
        // What is left: a plain object, $literal or $nullProto (TypeScript cannot narrow `t: 'list' | 'tuple'` away).
        for (const [key, value] of keptEntries<string>(shape as Extract<ValueShape, { t: 'object' | 'literal' | 'nullProto' }>)) {
          body.set(key, null);
          later.push([value, body, key]);
        }
        written = shape.t === 'object' ? body : doc([shape.t === 'literal' ? '$literal' : '$nullProto', body]);
      }
    }
    const value = id === undefined ? written : doc(['$id', id], ['value', written]);
    if (into instanceof Map) into.set(slot as string, value);
    else into[slot as number] = value;
    for (let i = later.length - 1; i >= 0; i--) tasks.push(later[i]!);
  }
  return holder[0]!;
};
