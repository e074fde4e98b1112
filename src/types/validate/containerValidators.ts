import type { Constraints } from '../declaration.js';
import { dictKeyText } from './dictKeyText.js';
import { dictEntries, inputKind, itemsOf, type InputKind } from './inputKind.js';
import { checkLength } from './constraints.js';
import { Uninferred } from './dumpMarkers.js';
import { inferDump } from './inferDump.js';
import { scalarEqualityKey } from './pyEquality.js';
import { EXACT, LAX, accepted, refused, within, type Outcome, type ValidationIssue, type Validator } from './outcome.js';
import { pushAll } from '../../util/pushAll.js';

/** A key or member in its dumped form: keys are hashable scalars, so inferring one cannot fail. */
const settled = (value: unknown): unknown => (value instanceof Uninferred ? inferDump(value.raw) : value);

/**
 * Validates items in order, collecting every item's issues, as pydantic-core's list and variadic
 * tuple validators do: each item counted (a list counts every item read, a tuple only accepted
 * ones) is checked against max_length at once, so the collection is too long at the first item
 * past it and later items are never read (an exception one of them would raise stays unraised).
 */
const validateItems = (
  noun: 'List' | 'Tuple',
  items: readonly unknown[],
  item: Validator,
  maxLength: number | undefined,
): { out: unknown[]; exactness: number; issues: ValidationIssue[] } | Outcome => {
  const out: unknown[] = [];
  const issues: ValidationIssue[] = [];
  let exactness = EXACT;
  let counted = 0;
  for (let index = 0; index < items.length; index++) {
    const outcome = item(items[index]);
    if (outcome.status === 'accepted') {
      out.push(outcome.value);
      exactness = Math.min(exactness, outcome.exactness);
    } else {
      pushAll(issues, within(index, outcome.issues));
    }
    if (outcome.status === 'accepted' || noun === 'List') counted++;
    if (maxLength !== undefined && counted > maxLength) return checkLength(noun, items.length, { max_length: maxLength })!;
  }
  return { out, exactness, issues };
};

/** Lax mode reads lists, tuples and sets as sequences, and a model instance by its (name, value) pairs. */
const isIterable = (kind: InputKind): boolean => kind === 'list' || kind === 'tuple' || kind === 'set' || kind === 'model';

/**
 * `list[X]` (and `tuple[X, ...]`): a list (a tuple) as it is; any other sequence item by item in its
 * order, with a lax match. A list's item errors hide its min_length; a tuple's min_length is
 * checked on its accepted items and reported beside their errors.
 */
export const sequenceValidator =
  (noun: 'List' | 'Tuple', item: Validator, constraints: Constraints | undefined): Validator =>
  (input) => {
    const kind = inputKind(input);
    if (!isIterable(kind)) return refused(noun === 'List' ? 'list_type' : 'tuple_type', `Input should be a valid ${noun.toLowerCase()}`);
    const result = validateItems(noun, itemsOf(input), item, constraints?.max_length);
    if ('status' in result) return result;
    // Only min_length can fail here: the loop stopped at the first item past max_length.
    const short = checkLength(noun, result.out.length, constraints);
    if (noun === 'Tuple' && short?.status === 'refused') pushAll(result.issues, short.issues);
    if (result.issues.length > 0) return { status: 'refused', issues: result.issues };
    const own = noun === 'List' ? 'list' : 'tuple';
    return short ?? accepted(result.out, kind === own ? result.exactness : LAX);
  };

/**
 * `tuple[A, B]`: positional; a missing position is `Field required` at its index. As
 * pydantic-core's tuple validator: each accepted item is counted against max_length at once (too
 * long at the first past it, other issues dropped), items past the last position make it too long
 * by its positions, and min_length is checked on the accepted items beside their issues.
 */
export const tupleValidator =
  (items: readonly Validator[], constraints: Constraints | undefined): Validator =>
  (input) => {
    const kind = inputKind(input);
    if (!isIterable(kind)) return refused('tuple_type', 'Input should be a valid tuple');
    const given = itemsOf(input);
    const maxLength = constraints?.max_length;
    const issues: ValidationIssue[] = [];
    const out: unknown[] = [];
    let exactness = EXACT;
    for (let index = 0; index < items.length; index++) {
      if (index >= given.length) {
        issues.push({ type: 'missing', msg: 'Field required', loc: [index] });
        continue;
      }
      const outcome = items[index]!(given[index]);
      if (outcome.status === 'accepted') {
        out.push(outcome.value);
        exactness = Math.min(exactness, outcome.exactness);
        if (maxLength !== undefined && out.length > maxLength) return checkLength('Tuple', given.length, { max_length: maxLength })!;
      } else {
        pushAll(issues, within(index, outcome.issues));
      }
    }
    if (given.length > items.length) return checkLength('Tuple', given.length, { max_length: items.length })!;
    const short = checkLength('Tuple', out.length, { min_length: constraints?.min_length });
    if (short?.status === 'refused') pushAll(issues, short.issues);
    return issues.length > 0 ? { status: 'refused', issues } : accepted(out, kind === 'tuple' ? exactness : LAX);
  };

/**
 * `set[X]` / `frozenset[X]`: items validated in order and kept once by Python equality. The dump
 * lists them in the order first met; Python lists a set in hash order, which agrees for a single
 * item and for small non-negative ints met in ascending order.
 */
export const setValidator =
  (frozen: boolean, item: Validator, constraints: Constraints | undefined): Validator =>
  (input) => {
    const kind = inputKind(input);
    const noun = frozen ? 'Frozenset' : 'Set';
    if (!isIterable(kind)) {
      return refused(frozen ? 'frozen_set_type' : 'set_type', `Input should be a valid ${noun.toLowerCase()}`);
    }
    const items = itemsOf(input);
    const seen = new Set<string>();
    const out: unknown[] = [];
    const issues: ValidationIssue[] = [];
    let exactness = kind === 'set' ? EXACT : LAX;
    for (let index = 0; index < items.length; index++) {
      const outcome = item(items[index]);
      if (outcome.status === 'refused') {
        pushAll(issues, within(index, outcome.issues));
        continue;
      }
      exactness = Math.min(exactness, outcome.exactness);
      const key = scalarEqualityKey(settled(outcome.value)) ?? dictKeyText(settled(outcome.value));
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(outcome.value);
      if (constraints?.max_length !== undefined && out.length > constraints.max_length) {
        return checkLength(noun, out.length, { max_length: constraints.max_length }, 'more')!;
      }
    }
    if (issues.length > 0) return { status: 'refused', issues };
    return checkLength(noun, out.length, constraints) ?? accepted(out, exactness);
  };

/** `dict[K, V]`: keys and values validated in order (a key's issues at `[key, '[key]']`); the dump writes keys as strings. */
export const dictValidator =
  (key: Validator, value: Validator, constraints: Constraints | undefined): Validator =>
  (input) => {
    if (inputKind(input) !== 'dict') return refused('dict_type', 'Input should be a valid dictionary');
    // Every entry is read before the length is checked (an exception an entry raises comes first).
    const entries = dictEntries(input);
    const out = new Map<string, unknown>();
    const issues: ValidationIssue[] = [];
    let exactness = EXACT;
    for (const [rawKey, rawValue] of entries) {
      const where = typeof rawKey === 'string' || typeof rawKey === 'number' ? rawKey : String(rawKey);
      const k = key(rawKey);
      const v = value(rawValue);
      if (k.status === 'refused') pushAll(issues, within(where, within('[key]', k.issues)));
      if (v.status === 'refused') pushAll(issues, within(where, v.issues));
      if (k.status === 'accepted' && v.status === 'accepted') {
        out.set(dictKeyText(settled(k.value)), v.value);
        exactness = Math.min(exactness, k.exactness, v.exactness);
      }
    }
    if (issues.length > 0) return { status: 'refused', issues };
    return checkLength('Dictionary', out.size, constraints) ?? accepted(out, exactness);
  };
