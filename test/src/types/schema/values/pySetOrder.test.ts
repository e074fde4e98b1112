import { describe, expect, it } from 'vitest';
import { PyFloat, type PyJson } from '../../../../../src/json/pyJson.js';
import { pyEquals, pyEqualityKey, comparePyStrings } from '../../../../../src/python/pyEquality.js';
import { pySetOrder } from '../../../../../src/types/schema/values/pySetOrder.js';
import { runPython, seededRandom } from '../../../../helpers/python.js';

type Encoded = number | boolean | { f: number } | { i: string };
const encode = (v: PyJson): Encoded =>
  v instanceof PyFloat ? { f: v.value } : typeof v === 'bigint' ? { i: v.toString() } : (v as number | boolean);

describe('types/schema/values/pySetOrder', () => {
  it('iterates a set of numbers and bools in the order CPython does', () => {
    const random = seededRandom(5);
    const draw = (): PyJson => {
      const k = random();
      if (k < 0.4) return Math.floor(random() * 200) - 60;
      if (k < 0.7) return new PyFloat(Math.round((random() * 400 - 200) * 1000) / 1000);
      if (k < 0.8) return random() < 0.5;
      if (k < 0.9) return BigInt(Math.floor(random() * 1e6)) * 10n ** 15n;
      return new PyFloat(Math.floor(random() * 50));
    };
    const sets = Array.from({ length: 300 }, () => Array.from({ length: Math.floor(random() * 60) }, draw));
    const python = runPython<Encoded[][]>(
      [
        'def dec(v):',
        '    if isinstance(v, dict): return float(v["f"]) if "f" in v else int(v["i"])',
        '    return v',
        'def enc(v):',
        '    if isinstance(v, bool): return v',
        '    if isinstance(v, float): return {"f": v}',
        '    return {"i": str(v)} if abs(v) > 2**53 else v',
        'print(json.dumps([[enc(v) for v in set(dec(v) for v in s)] for s in inputs]))',
      ].join('\n'),
      sets.map((s) => s.map(encode)),
    );
    const ours = sets.map((s) => pySetOrder(s).map((v) => (typeof v === 'bigint' && v <= 2n ** 53n && v >= -(2n ** 53n) ? Number(v) : v)).map(encode));
    expect(ours).toEqual(python);
  });

  it('keeps the given order, repeats dropped, when a member is a string (whose hash varies per run)', () => {
    expect(pySetOrder(['b', 1, 'a', 'b', true])).toEqual(['b', 1, 'a']);
  });
});

describe('python/pyEquality', () => {
  it('equates what Python equates: True, 1 and 1.0; dicts whatever their order; lists in order', () => {
    expect(pyEquals(true, 1)).toBe(true);
    expect(pyEquals(1, new PyFloat(1))).toBe(true);
    expect(pyEquals(new Map<string, PyJson>([['a', 1], ['b', 2]]), new Map<string, PyJson>([['b', 2], ['a', new PyFloat(1)]]))).toBe(true);
    expect(pyEquals([1, 2], [2, 1])).toBe(false);
    expect(pyEquals('1', 1)).toBe(false);
    expect(pyEquals(null, false)).toBe(false);
    expect(pyEqualityKey(2n ** 60n)).toBe(pyEqualityKey(new PyFloat(2 ** 60)));
  });

  it('orders strings by code point, as Python does, not by UTF-16 unit', () => {
    expect(['\uffff', '\u{10000}', 'Z', 'a', '10', '9'].sort(comparePyStrings)).toEqual(['10', '9', 'Z', 'a', '\uffff', '\u{10000}']);
  });
});
