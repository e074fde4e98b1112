import fc from 'fast-check';
import { PyFloat, type PyJson } from '../../../src/json/pyJson.js';
import { pyObject } from '../../util/pyObject.js';
import { float, int, text } from './valueArbitraries.js';

/** What a type expression may refer to. */
export interface TypeScope {
  readonly enums: readonly string[];
  readonly models: readonly string[];
  /** Models whose field `tag` is a literal of their own name: members of discriminated unions. */
  readonly variants?: { readonly tag: string; readonly models: readonly string[] };
}

const SCALARS = ['str', 'int', 'float', 'bool', 'bytes', 'none', 'any', 'datetime', 'date', 'time', 'timedelta', 'uuid', 'decimal'] as const;
const NUMERIC = new Set(['int', 'float', 'decimal']);
const SIZED = new Set(['str', 'bytes', 'list', 'set', 'frozenset', 'dict', 'tuple']);
// Patterns both Python's re and JavaScript's RegExp (ajv compiles with `u`) read alike.
const PATTERNS = ['^[a-z]+$', '^\\d{3}-\\d{4}$', 'ab?c', '^é+$', '[A-Z][a-z]*', '^\\w+@\\w+\\.com$'];

const tag = (type: string, ...rest: (readonly [string, PyJson | undefined])[]): Map<string, PyJson> => pyObject([['type', type], ...rest]);

const number = fc.oneof(int, float);
// multipleOf must be above 0 for the schema to be valid JSON Schema.
const positive = fc.oneof(fc.integer({ min: 1, max: 100 }), fc.constantFrom(0.5, 0.01, 2.5).map((n) => new PyFloat(n)));
const entries = (record: Record<string, PyJson>): Map<string, PyJson> | undefined =>
  Object.keys(record).length === 0 ? undefined : pyObject(Object.entries(record));

// pydantic refuses a bound on an int that is not a whole number ("'gt' must be coercible to an integer").
const wholeNumber = fc.oneof(int, fc.integer({ min: -100, max: 100 }).map((n) => new PyFloat(n)));
const wholePositive = fc.oneof(fc.integer({ min: 1, max: 100 }), fc.constantFrom(2, 3).map((n) => new PyFloat(n)));

/** Constraints that apply to a type (`readConstraints`): numeric bounds, lengths, a pattern. */
export const constraintsFor = (type: string): fc.Arbitrary<Map<string, PyJson> | undefined> => {
  if (type === 'int') {
    return fc.record({ gt: wholeNumber, ge: wholeNumber, lt: wholeNumber, le: wholeNumber, multiple_of: wholePositive }, { requiredKeys: [] }).map(entries);
  }
  if (NUMERIC.has(type)) {
    return fc.record({ gt: number, ge: number, lt: number, le: number, multiple_of: positive }, { requiredKeys: [] }).map(entries);
  }
  if (SIZED.has(type)) {
    const lengths = { min_length: fc.nat(5), max_length: fc.nat(20) };
    if (type !== 'str') return fc.record(lengths, { requiredKeys: [] }).map(entries);
    return fc.record({ ...lengths, pattern: fc.constantFrom(...PATTERNS) }, { requiredKeys: [] }).map(entries);
  }
  return fc.constant(undefined);
};

/** Adds constraints to a type node now and then. */
const constrained = (node: fc.Arbitrary<Map<string, PyJson>>): fc.Arbitrary<Map<string, PyJson>> =>
  node.chain((expr) =>
    fc.option(constraintsFor(String(expr.get('type'))), { freq: 5 }).map((c) => (c ? new Map([...expr, ['constraints', c]]) : expr)),
  );

const literalValues = fc.uniqueArray(fc.oneof({ weight: 4, arbitrary: text }, { weight: 2, arbitrary: int }, { weight: 1, arbitrary: fc.boolean() }, { weight: 1, arbitrary: fc.constant(null) }), {
  minLength: 1,
  maxLength: 3,
  // The same value of the same type is a duplicate literal value; 1 and true are not.
  selector: (v) => `${typeof v}:${String(v)}`,
});

// A type's identity for "duplicate union member": its JSON text without constraints is close
// enough, and unions of distinct shapes are what the fuzzer needs.
const memberKey = (expr: PyJson): string => JSON.stringify(expr, (_k, v: unknown) => (v instanceof Map ? Object.fromEntries(v) : typeof v === 'bigint' ? String(v) : v));

/** Hashable types, for set items and dict keys. */
const hashable = (scope: TypeScope): fc.Arbitrary<Map<string, PyJson>> =>
  fc.oneof(
    fc.constantFrom('str', 'int', 'bool', 'bytes', 'uuid', 'date').map((t) => tag(t)),
    ...(scope.enums.length > 0 ? [fc.constantFrom(...scope.enums).map((name) => tag('enum', ['name', name]))] : []),
  );

const dictKeys = (scope: TypeScope): fc.Arbitrary<Map<string, PyJson> | undefined> =>
  fc.oneof(
    fc.constant(undefined),
    fc.constantFrom('str', 'int').map((t) => tag(t)),
    fc.uniqueArray(text, { minLength: 1, maxLength: 3 }).map((values) => tag('literal', ['values', values])),
    fc.constantFrom(...PATTERNS).map((pattern) => tag('str', ['constraints', pyObject([['pattern', pattern]])])),
    ...(scope.enums.length > 0 ? [fc.constantFrom(...scope.enums).map((name) => tag('enum', ['name', name]))] : []),
  );

/**
 * `Annotated[Union[...], Field(discriminator=tag)]` over one to three variant models, now and then
 * with None inside the annotation (`Annotated[Optional[Union[...]], ...]`).
 */
const discriminatedUnion = (variants: NonNullable<TypeScope['variants']>): fc.Arbitrary<Map<string, PyJson>> =>
  fc
    .tuple(fc.uniqueArray(fc.constantFrom(...variants.models), { minLength: 1, maxLength: 3 }), fc.boolean())
    .map(([names, nullable]) => {
      const members = names.map((name) => tag('model', ['name', name]));
      return tag('union', ['members', nullable ? [...members, tag('none')] : members], ['discriminator', variants.tag]);
    });

/** Type expressions over the whole grammar, nested up to `depth`. */
export const typeExpr = (scope: TypeScope, depth: number): fc.Arbitrary<Map<string, PyJson>> => {
  const leaves: fc.Arbitrary<Map<string, PyJson>>[] = [
    constrained(fc.constantFrom(...SCALARS).map((t) => tag(t))),
    fc.constantFrom('any', 'http').map((variant) => tag('url', ['variant', variant])),
    literalValues.map((values) => tag('literal', ['values', values])),
  ];
  if (scope.enums.length > 0) leaves.push(fc.constantFrom(...scope.enums).map((name) => tag('enum', ['name', name])));
  if (scope.models.length > 0) leaves.push(fc.constantFrom(...scope.models).map((name) => tag('model', ['name', name])));
  if (depth <= 0) return fc.oneof(...leaves);
  const inner = typeExpr(scope, depth - 1);
  const tagged = scope.variants !== undefined && scope.variants.models.length > 0 ? [{ weight: 1, arbitrary: discriminatedUnion(scope.variants) }] : [];
  return fc.oneof(
    ...tagged,
    { weight: 6, arbitrary: fc.oneof(...leaves) },
    { weight: 1, arbitrary: constrained(fc.tuple(fc.constantFrom('list', 'set', 'frozenset'), fc.option(inner, { freq: 4 })).map(([t, items]) => tag(t, ['items', t === 'list' ? (items ?? undefined) : undefined]))) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('set', 'frozenset'), hashable(scope)).map(([t, items]) => tag(t, ['items', items])) },
    { weight: 1, arbitrary: constrained(fc.tuple(dictKeys(scope), fc.option(inner, { freq: 4 })).map(([keys, values]) => tag('dict', ['keys', keys], ['values', values ?? undefined]))) },
    { weight: 1, arbitrary: constrained(fc.array(inner, { maxLength: 3 }).map((items) => tag('tuple', ['items', items]))) },
    { weight: 1, arbitrary: inner.map((item) => tag('tuple', ['items', [item]], ['variadic', true])) },
    {
      weight: 2,
      arbitrary: fc
        // A discriminated union is Annotated, a member of its own; a plain one would be spliced in.
        .tuple(fc.uniqueArray(inner.filter((m) => (m.get('type') !== 'union' || m.has('discriminator')) && m.get('type') !== 'none'), { minLength: 1, maxLength: 3, selector: memberKey }), fc.boolean())
        .filter(([members, optional]) => members.length + (optional ? 1 : 0) >= 2)
        .map(([members, optional]) => tag('union', ['members', optional ? [...members, tag('none')] : members])),
    },
  );
};
