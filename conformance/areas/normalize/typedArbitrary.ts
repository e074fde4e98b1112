import fc from 'fast-check';
import { PyFloat, type PyJson } from '../../../src/json/pyJson.js';
import { parsePyJson } from '../../../src/json/parsePyJson.js';
import { writePyJson } from '../../../src/json/writePyJson.js';
import { durationFitting } from './durationArbitrary.js';
import { temporalFitting } from './temporalArbitrary.js';
import { leafArbitrary } from './valueArbitrary.js';

const doc = (...entries: [string, PyJson | undefined][]): Map<string, PyJson> =>
  new Map(entries.filter((entry): entry is [string, PyJson] => entry[1] !== undefined));

/** A declared type the fuzzer draws, with a drawer of values that fit it. */
interface TypeDraw {
  readonly expr: PyJson;
  readonly fitting: fc.Arbitrary<PyJson>;
}

const ENUMS: PyJson = [
  doc(['name', 'Color'], ['base', 'str'], ['members', [doc(['name', 'RED'], ['value', 'red']), doc(['name', 'BLUE'], ['value', 'blue'])]]),
  doc(['name', 'Rank'], ['base', 'int'], ['members', [doc(['name', 'ONE'], ['value', 1]), doc(['name', 'TWO'], ['value', 2])]]),
];
const NESTED: PyJson = doc(
  ['name', 'N'],
  [
    'fields',
    [
      doc(['name', 'x'], ['type', doc(['type', 'int'])], ['required', true]),
      doc(['name', 'tag'], ['type', doc(['type', 'str'])], ['required', false], ['default', doc(['kind', 'str'], ['value', 'none'])]),
    ],
  ],
);

const simple = (type: string, fitting: fc.Arbitrary<PyJson>): TypeDraw => ({ expr: doc(['type', type]), fitting });

// Scalar types, each with values that fit it (mostly of the very type, sometimes a lax form).
const SCALARS: readonly TypeDraw[] = [
  simple('int', fc.oneof(fc.integer({ min: -50, max: 50 }), fc.constantFrom<PyJson>('7', ' 12 ', true))),
  simple('float', fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }).map((f) => new PyFloat(f)), fc.integer(), fc.constantFrom<PyJson>('2.5', 'inf'))),
  simple('bool', fc.oneof(fc.boolean(), fc.constantFrom<PyJson>('yes', 'off', 0, 1))),
  simple('str', fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom<PyJson>('é', doc(['$bytes', 'aGk='])))),
  simple('bytes', fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom<PyJson>(doc(['$bytes', 'AAE=']), doc(['$bytes', '/w=='])))),
  simple('none', fc.constant(null)),
  simple('any', leafArbitrary),
  simple('uuid', fc.constantFrom<PyJson>('12345678-1234-5678-1234-567812345678', '{12345678-ABCD-5678-1234-567812345678}', 'x')),
  simple('date', temporalFitting),
  simple('time', temporalFitting),
  simple('datetime', temporalFitting),
  simple('timedelta', durationFitting),
];

const typeDraw: fc.Arbitrary<TypeDraw> = fc.letrec<{ draw: TypeDraw }>((tie) => ({
  draw: fc.oneof(
    { depthSize: 'small', maxDepth: 2 },
    { weight: 6, arbitrary: fc.constantFrom(...SCALARS) },
    {
      weight: 1,
      arbitrary: tie('draw').map(({ expr, fitting }) => ({ expr: doc(['type', 'list'], ['items', expr]), fitting: fc.array(fitting, { maxLength: 3 }) as fc.Arbitrary<PyJson> })),
    },
    {
      weight: 1,
      arbitrary: tie('draw').map(({ expr, fitting }) => ({
        expr: doc(['type', 'dict'], ['keys', doc(['type', 'str'])], ['values', expr]),
        fitting: fc.dictionary(fc.constantFrom('a', 'b', 'c'), fitting, { maxKeys: 2 }).map((o) => new Map(Object.entries(o))) as fc.Arbitrary<PyJson>,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(tie('draw'), tie('draw')).map(([a, b]) => ({
        expr: doc(['type', 'tuple'], ['items', [a.expr, b.expr]]),
        fitting: fc.tuple(a.fitting, b.fitting) as fc.Arbitrary<PyJson>,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.uniqueArray(fc.constantFrom(...SCALARS.slice(0, 5)), { minLength: 2, maxLength: 3, selector: (d) => JSON.stringify([...(d.expr as Map<string, PyJson>)]) }).map((members) => ({
        expr: doc(['type', 'union'], ['members', members.map((m) => m.expr)]),
        fitting: fc.oneof(...members.map((m) => m.fitting)),
      })),
    },
    { weight: 1, arbitrary: fc.constant({ expr: doc(['type', 'literal'], ['values', ['a', 1, null]]), fitting: fc.constantFrom<PyJson>('a', 1, true, null, 'b') }) },
    { weight: 1, arbitrary: fc.constantFrom('Color', 'Rank').map((name) => ({ expr: doc(['type', 'enum'], ['name', name]), fitting: fc.constantFrom<PyJson>('red', 'blue', 1, 2, '2') })) },
    {
      weight: 1,
      arbitrary: fc.constant({
        expr: doc(['type', 'model'], ['name', 'N']),
        fitting: fc.record({ x: fc.integer({ min: -5, max: 5 }), tag: fc.string({ maxLength: 3 }) }, { requiredKeys: ['x'] }).map((o) => new Map(Object.entries(o))) as fc.Arbitrary<PyJson>,
      }),
    },
  ),
})).draw;

/** One field of a drawn model: its type, whether it may be left out, and an alias. */
const fieldDraw = fc.record({
  draw: typeDraw,
  optional: fc.boolean(),
  alias: fc.option(fc.constantFrom('firstName', 'the-key', 'ünï'), { nil: undefined, freq: 5 }),
});

/** `Optional[T]`: a union of T (a union too, sometimes, which Python splices) and None. */
const withNone = (expr: PyJson): PyJson => doc(['type', 'union'], ['members', [expr, doc(['type', 'none'])]]);

export interface TypedDraw {
  readonly declaration: PyJson;
  readonly value: PyJson;
}

interface DeclaredModel {
  readonly declaration: PyJson;
  readonly fields: readonly { readonly key: string; readonly fitting: fc.Arbitrary<PyJson> }[];
}

type FieldDraw = typeof fieldDraw extends fc.Arbitrary<infer F> ? F : never;

const declaredModel = ({ fields, extra }: { fields: FieldDraw[]; extra: string }): DeclaredModel => {
  // Optional[None] would repeat None in the union, which the declaration reader refuses.
  const optional = fields.map((f) => f.optional && (f.draw.expr as Map<string, PyJson>).get('type') !== 'none');
  const declared = fields.map((f, i) =>
    doc(
      ['name', `f${i}`],
      ['type', optional[i] ? withNone(f.draw.expr) : f.draw.expr],
      ['required', !optional[i]],
      ['default', optional[i] ? doc(['kind', 'null'], ['value', null]) : undefined],
      ['alias', f.alias === undefined ? undefined : `${f.alias}${i}`],
    ),
  );
  const model = doc(['name', 'R'], ['config', doc(['extra', extra])], ['fields', declared]);
  // Only what the fields use: every typed case carries its declaration through both participants.
  const used = writePyJson(declared);
  const declaration = doc(
    ['format', 'pydantic-neutral-declaration/1'],
    ['enums', used.includes('"enum"') ? ENUMS : undefined],
    ['models', used.includes('"model"') ? [NESTED, model] : [model]],
  );
  return {
    // As a participant reads it, with no node shared between fields: the in-process participant
    // can then be handed it as it is (see `isWireNormal`).
    declaration: parsePyJson(writePyJson(declaration)),
    fields: fields.map((f, i) => ({ key: f.alias === undefined ? `f${i}` : `${f.alias}${i}`, fitting: f.draw.fitting })),
  };
};

/**
 * The declarations typed cases use: drawn once, from a fixed seed, so that each participant
 * builds each model once per run (pydantic takes milliseconds to build one) and a seed and path
 * replay the same case.
 */
const MODELS: readonly DeclaredModel[] = fc
  .sample(fc.record({ fields: fc.array(fieldDraw, { minLength: 1, maxLength: 4 }), extra: fc.constantFrom('ignore', 'forbid', 'allow') }), {
    seed: 20260301,
    numRuns: 48,
  })
  .map(declaredModel);

const presence = fc.oneof({ weight: 5, arbitrary: fc.constant('fit' as const) }, { weight: 1, arbitrary: fc.constant('random' as const) }, { weight: 1, arbitrary: fc.constant('absent' as const) });

/**
 * A declaration whose model `R` has a few fields of drawn types (scalars, lists, dicts, tuples,
 * smart unions, literals, enums, a nested model, dates, times and durations; optional fields default to null, aliases,
 * extra fields ignored, forbidden or allowed), with a value that mostly fits it: each field
 * fitting, of a random leaf, or left out, plus sometimes a key no field takes.
 */
export const typedArbitrary: fc.Arbitrary<TypedDraw> = fc.nat(MODELS.length - 1).chain((index) => {
  const model = MODELS[index]!;
  const field = ({ key, fitting }: DeclaredModel['fields'][number]) =>
    presence.chain((present) => (present === 'absent' ? fc.constant(undefined) : (present === 'fit' ? fitting : leafArbitrary).map((v) => [key, v] as const)));
  return fc.tuple(fc.tuple(...model.fields.map(field)), fc.option(leafArbitrary, { nil: undefined, freq: 3 })).map(([entries, stray]) => {
    const value = new Map<string, PyJson>(entries.filter((entry): entry is readonly [string, PyJson] => entry !== undefined));
    if (stray !== undefined) value.set('stray', stray);
    return { declaration: model.declaration, value };
  });
});
