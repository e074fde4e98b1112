import { describe, expect, it } from 'vitest';
import { CodecError } from '../../../conformance/codec/codecError.js';
import { decodeValue } from '../../../conformance/codec/decodeValue.js';
import { parsePyJson } from '../../../src/json/parsePyJson.js';

const decode = (text: string): unknown => decodeValue(parsePyJson(text));
const codecError = (text: string): { path: string; message: string } => {
  try {
    decode(text);
  } catch (error) {
    if (error instanceof CodecError) return { path: error.path, message: error.message };
    throw error;
  }
  throw new Error('decoded');
};

describe('codec/decodeValue (DESIGN §3.2)', () => {
  it('reads plain JSON as itself; a JSON float becomes a number', () => {
    expect(decode('{"a": [1, "x", true, null, 2.0, 2.5]}')).toEqual({ a: [1, 'x', true, null, 2, 2.5] });
  });

  it('reads an object with array-index keys into a Map, which keeps their written order', () => {
    const value = decode('{"b": 1, "10": 2, "2": 3}') as Map<string, unknown>;
    expect([...value.keys()]).toEqual(['b', '10', '2']);
  });

  it('keeps keys such as __proto__ as own data keys', () => {
    const value = decode('{"__proto__": {"x": 1}, "constructor": 2}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__', 'constructor']);
    expect(value['__proto__']).toEqual({ x: 1 });
  });

  it('decodes every cross-language tag', () => {
    const [nan, inf, negZero, one, big, small, map, bytes, tuple, set, literal, nullProto, object] = decode(
      `[{"$float": "NaN"}, {"$float": "-Infinity"}, {"$float": "-0.0"}, {"$float": "1.0"},
        {"$int": "123456789012345678901234567890"}, {"$int": "-5"},
        {"$map": [[1, "a"], [{"$tuple": [1, "x"]}, "b"]]}, {"$bytes": "AAEC"}, {"$tuple": [1, 2]},
        {"$set": [3, 1]}, {"$literal": {"$id": {"$float": "NaN"}}}, {"$nullProto": {"a": 1}},
        {"$object": "Handle", "fields": {"id": 7}}]`,
    ) as unknown[];
    expect(nan).toBeNaN();
    expect(inf).toBe(-Infinity);
    expect(Object.is(negZero, -0)).toBe(true);
    expect(one).toBe(1);
    expect(big).toBe(123456789012345678901234567890n);
    expect(small).toBe(-5);
    expect(map).toEqual(new Map<unknown, unknown>([[1, 'a'], [[1, 'x'], 'b']]));
    expect(bytes).toEqual(new Uint8Array([0, 1, 2]));
    expect(bytes!.constructor).toBe(Uint8Array);
    expect(tuple).toEqual([1, 2]);
    expect(set).toEqual(new Set([3, 1]));
    expect(Object.keys(literal as object)).toEqual(['$id']);
    expect((literal as Record<string, number>).$id).toBeNaN();
    expect(Object.getPrototypeOf(nullProto)).toBeNull();
    expect((object as { constructor: { name: string } }).constructor.name).toBe('Handle');
    expect(object).toMatchObject({ id: 7 });
  });

  it('decodes the TypeScript-only tags', () => {
    const [undef, withHole, fn, sym, date, typed, toJson] = decode(
      `[{"$undefined": true}, [1, {"$hole": true}, 3], {"$function": "notify"}, {"$symbol": "tag"},
        {"$date": "2024-05-01T12:00:00.000Z"}, {"$typedArray": "Float64Array", "values": [1.5, 2]},
        {"$toJSON": {"a": 1}}]`,
    ) as unknown[];
    expect(undef).toBeUndefined();
    expect(withHole).toHaveLength(3);
    expect(1 in (withHole as unknown[])).toBe(false);
    expect((fn as () => void).name).toBe('notify');
    expect((sym as symbol).description).toBe('tag');
    expect((date as Date).toISOString()).toBe('2024-05-01T12:00:00.000Z');
    expect(typed).toEqual(new Float64Array([1.5, 2]));
    expect((toJson as { toJSON: () => unknown }).toJSON()).toEqual({ a: 1 });
  });

  it('shares nodes by $id and $ref, cycles included', () => {
    const value = decode('{"$id": "r", "value": {"self": {"$ref": "r"}, "list": [{"$id": "s", "value": {"x": 1}}, {"$ref": "s"}]}}') as {
      self: unknown;
      list: unknown[];
    };
    expect(value.self).toBe(value);
    expect(value.list[0]).toBe(value.list[1]);
  });

  it('builds a 200,000-deep $chain without recursion, and lets its leaf point back', () => {
    let node = decode('{"$id": "top", "value": {"$chain": {"depth": 200000, "key": "k", "leaf": {"$ref": "top"}}}}') as Record<string, unknown>;
    const top = node;
    for (let i = 0; i < 200_000; i++) node = node.k as Record<string, unknown>;
    expect(node).toBe(top);
    const lists = decode('{"$chain": {"depth": 3, "key": null, "leaf": {"$hole": true}}}');
    expect(lists).toEqual([[new Array(1)]]);
  });

  it.each([
    ['{"$foo": 1}', '/', 'unknown tag $foo (write a literal object with $literal)'],
    ['{"$float": "1.", "x": 1}', '/', '$float does not take x'],
    ['{"$float": "1."}', '/$float', '$float takes a JSON number, NaN, Infinity or -Infinity as a string'],
    ['{"$int": "01"}', '/$int', '$int takes the decimal digits of an integer as a string'],
    ['{"$bytes": "AAE"}', '/$bytes', '$bytes takes standard padded base64 as a string'],
    ['[{"$ref": "zz"}]', '/0/$ref', '$ref "zz" names no $id defined before it'],
    ['{"$id": "t", "value": {"$tuple": [{"$ref": "t"}]}}', '/value/$tuple/0/$ref', "$ref 't' points into a tuple, set or model that contains it, which cannot be built"],
    ['{"$map": [[[1], 2]]}', '/$map/0/0', 'a map key or set member must be null, a bool, a number, a string, $float, $int, $bytes or a $tuple of those'],
    ['{"$map": [[1, 2], [true, 3]]}', '/$map/1/0', 'this key equals an earlier key of the same $map in Python'],
    ['{"$set": [1, 1.0]}', '/$set/1', 'this member equals an earlier member of the same $set in Python'],
    ['{"$set": [{"$float": "NaN"}]}', '/$set/0', 'NaN cannot be a map key or set member: the two languages disagree on its equality'],
    ['{"$hole": true}', '/', '$hole stands only for an item of a list'],
    ['{"$nullProto": {"1": 2}}', '/$nullProto', '$nullProto cannot hold array-index keys: an object reorders them'],
    ['{"a": {"$id": "x", "value": 1}, "b": {"$id": "x", "value": 2}}', '/b', "$id 'x' is defined twice"],
    ['{"$chain": {"depth": -1, "key": "k", "leaf": 1}}', '/$chain/depth', '$chain depth is an integer of at least 0'],
    ['{"$model": "Verdict", "fields": {}}', '/$model', "$model 'Verdict' is not a model of the case's declaration"],
  ])('refuses %s at %s', (text, path, message) => {
    expect(codecError(text)).toEqual({ path, message: `bad value encoding at ${path}: ${message}` });
  });
});
