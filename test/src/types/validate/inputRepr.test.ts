import { describe, expect, it } from 'vitest';
import { PyFloat } from '../../../../src/json/pyJson.js';
import { inputRepr, inputTypeName } from '../../../../src/types/validate/inputRepr.js';
import { asPyTuple } from '../../../../src/types/validate/pyTuple.js';

const bytes = (text: string): Uint8Array => Uint8Array.from([...text].map((ch) => ch.charCodeAt(0)));

describe('types/validate/inputRepr', () => {
  it.each<[string, unknown, string]>([
    ['None', null, 'None'],
    ['a bool', true, 'True'],
    ['an int beyond 2^53', 10n ** 20n, '100000000000000000000'],
    ['a whole float', new PyFloat(2), '2.0'],
    ['negative zero', -0, '-0.0'],
    ['a large float', 1e16, '1e+16'],
    ['infinity', new PyFloat(Infinity), 'inf'],
    ['a string with a line separator', 'é\u2028', "'é\\u2028'"],
    ['bytes with a single quote', bytes("it's"), 'b"it\'s"'],
    ['bytes with both quotes', bytes('it\'s "q"'), "b'it\\'s \"q\"'"],
    ['bytes outside printable ASCII', bytes('\u0000\u007f\\\t'), "b'\\x00\\x7f\\\\\\t'"],
    ['a list', [1, 'a', [null]], "[1, 'a', [None]]"],
    ['a one-item tuple', asPyTuple([1]), '(1,)'],
    ['an empty tuple', asPyTuple([]), '()'],
    ['a dict with int keys', new Map<unknown, unknown>([[1, 'a'], ['b', asPyTuple([2, 3])]]), "{1: 'a', 'b': (2, 3)}"],
    ['an empty set', new Set(), 'set()'],
    ['a set, in Python iteration order', new Set([15, 7]), '{7, 15}'],
  ])('writes %s as Python does', (_what, value, repr) => {
    expect(inputRepr(value)).toBe(repr);
  });

  it('writes a container met again inside itself as Python does', () => {
    const list: unknown[] = [];
    list.push(list);
    const dict = new Map<string, unknown>();
    dict.set('x', dict);
    expect([inputRepr(list), inputRepr(dict)]).toEqual(['[[...]]', "{'x': {...}}"]);
  });

  it('writes a value far deeper than the call stack allows', () => {
    let value: unknown = 0;
    for (let i = 0; i < 200_000; i++) value = [value];
    expect(inputRepr(value)).toHaveLength(400_001);
  });

  it.each<[unknown, string]>([
    [null, 'NoneType'],
    [1, 'int'],
    [1.5, 'float'],
    ['x', 'str'],
    [bytes('x'), 'bytes'],
    [[1], 'list'],
    [asPyTuple([1]), 'tuple'],
    [new Set([1]), 'set'],
    [{ a: 1 }, 'dict'],
  ])('names the type of %s as Python does', (value, name) => {
    expect(inputTypeName(value)).toBe(name);
  });
});
