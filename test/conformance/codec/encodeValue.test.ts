import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeValue } from '../../../conformance/codec/decodeValue.js';
import { encodeValue } from '../../../conformance/codec/encodeValue.js';
import { parsePyJson } from '../../../src/json/parsePyJson.js';
import { writePyJson } from '../../../src/json/writePyJson.js';
import { isArrayIndexKey } from '../../../src/actions/normalize/jsonObjects.js';
import { describeDeclaredModel, modelClass } from '../../../src/types/modelClass.js';
import { readDeclaration } from '../../../src/types/readDeclaration.js';

/** Through the wire: encoded, written as JSON text, read back losslessly, decoded. */
const roundTrip = (value: unknown): unknown => decodeValue(parsePyJson(writePyJson(encodeValue(value))));

// Values the codec builds in TypeScript (safe bigints read back as numbers, so none are drawn).
const leaf = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, undefined, -0, NaN, Infinity, -Infinity, 1e20, 2 ** 53 + 2),
  fc.integer(),
  fc.double(),
  fc.bigInt().filter((n) => n > BigInt(Number.MAX_SAFE_INTEGER) || n < BigInt(Number.MIN_SAFE_INTEGER)),
  fc.string({ unit: 'binary' }),
  fc.uint8Array({ maxLength: 4 }),
);
const tree = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(fc.string().filter((key) => !isArrayIndexKey(key)), tie('v'), { maxKeys: 4 }),
    fc.array(fc.tuple(fc.oneof(fc.string(), fc.integer()), tie('v')), { maxLength: 3 }).map((entries) => new Map(entries)),
    fc.uniqueArray(fc.integer(), { maxLength: 3 }).map((items) => new Set(items)),
  ),
})).v;

describe('codec/encodeValue', () => {
  it('round-trips every value it can encode', () => {
    fc.assert(
      fc.property(tree, (value) => {
        expect(roundTrip(value)).toStrictEqual(value);
      }),
      { numRuns: 300 },
    );
  });

  it('reads a plain object with array-index keys back as a Map with the same entries in the same order', () => {
    expect(roundTrip({ b: 1, 2: 'x' })).toStrictEqual(new Map<string, unknown>([['2', 'x'], ['b', 1]]));
  });

  it('round-trips shared nodes, cycles and holes with their identity', () => {
    const shared = { x: [1] };
    // eslint-disable-next-line no-sparse-arrays
    const value: Record<string, unknown> = { a: shared, b: [shared, , 3] };
    value.self = value;
    const back = roundTrip(value) as { a: unknown; b: unknown[]; self: unknown };
    expect(back.self).toBe(back);
    expect(back.b[0]).toBe(back.a);
    expect(1 in back.b).toBe(false);
  });

  it('writes a deep chain as a $chain, so that a 200,000-deep value encodes to a shallow document', () => {
    let deep: unknown = 'end';
    for (let i = 0; i < 200_000; i++) deep = { k: deep };
    const document = encodeValue({ top: deep });
    expect(writePyJson(document)).toBe('{"top": {"$chain": {"depth": 200000, "key": "k", "leaf": "end"}}}');
  });

  it('wraps objects with $ keys in $literal and uses $map for other keys', () => {
    expect(writePyJson(encodeValue({ $id: 1 }))).toBe('{"$literal": {"$id": 1}}');
    expect(writePyJson(encodeValue(new Map<unknown, unknown>([[1, 'a']])))).toBe('{"$map": [[1, "a"]]}');
    expect(writePyJson(encodeValue(Object.assign(Object.create(null) as object, { a: 1 })))).toBe('{"$nullProto": {"a": 1}}');
  });
});

describe('codec/encodeValue of declared models', () => {
  it('writes a declared model instance as $model with its fields, which decodes to an equal instance', () => {
    const declaration = readDeclaration(
      parsePyJson('{"format": "pydantic-neutral-declaration/1", "models": [{"name": "Verdict", "fields": [{"name": "approved", "type": {"type": "bool"}, "required": true}, {"name": "note", "type": {"type": "str"}, "required": false, "default": {"kind": "str", "value": ""}}]}]}'),
    );
    const Verdict = modelClass(declaration, 'Verdict');
    const value = [new Verdict({ approved: 'yes' })];
    const document = encodeValue(value, { describeModel: describeDeclaredModel });
    expect(writePyJson(document)).toBe('[{"$model": "Verdict", "fields": {"approved": true, "note": ""}}]');
    const back = decodeValue(parsePyJson(writePyJson(document)), { models: new Map([['Verdict', (fields) => new Verdict(fields)]]) }) as object[];
    expect(back[0]).toBeInstanceOf(Verdict);
    expect({ ...back[0] }).toEqual({ approved: true, note: '' });
  });
});
