import { describe, expect, it } from 'vitest';
import { formatPyFloat } from '../../../src/python/formatPyFloat.js';
import { parsePyJson, PyJsonParseError } from '../../../src/json/parsePyJson.js';
import { PyFloat, type PyJson } from '../../../src/json/pyJson.js';
import { OUT_OF_RANGE_FLOAT, writePyJson, PyJsonWriteError } from '../../../src/json/writePyJson.js';

describe('python/formatPyFloat', () => {
  // Each pair is Python's repr() of the float.
  it.each([
    [2, '2.0'],
    [0.1, '0.1'],
    [1e-7, '1e-07'],
    [1e16, '1e+16'],
    [1e15, '1000000000000000.0'],
    [1.5e16, '1.5e+16'],
    [0.0001, '0.0001'],
    [0.00001, '1e-05'],
    [-0, '-0.0'],
    [123456789.123, '123456789.123'],
    [5e-324, '5e-324'],
    [1.7976931348623157e308, '1.7976931348623157e+308'],
    [1e100, '1e+100'],
    [NaN, 'nan'],
    [-Infinity, '-inf'],
  ])('formats %s as %s', (value, text) => {
    expect(formatPyFloat(value)).toBe(text);
  });
});

describe('json/writePyJson', () => {
  it('prints with Python default separators and ASCII escaping', () => {
    const value = new Map<string, unknown>([
      ['b', 1],
      ['2', [new PyFloat(1), 2, new PyFloat(1e16), 1e-7, 12345678901234567890n]],
      ['a', new Map([['x', 'é😀\u0001\u007f']])],
    ]);
    expect(writePyJson(value as never)).toBe(
      '{"b": 1, "2": [1.0, 2, 1e+16, 1e-07, 12345678901234567890], "a": {"x": "\\u00e9\\ud83d\\ude00\\u0001\\u007f"}}',
    );
  });

  it('prints compact text without escaping when asked', () => {
    expect(writePyJson({ a: [1, 'é', {}], b: [] }, { separators: 'compact', ensureAscii: false })).toBe(
      '{"a":[1,"é",{}],"b":[]}',
    );
  });

  it('keeps -0 as a float and whole unsafe numbers as ints', () => {
    expect(writePyJson([-0, 2 ** 60])).toBe('[-0.0, 1152921504606846976]');
  });

  it('refuses non-finite numbers only when told to', () => {
    expect(writePyJson([NaN, Infinity, -Infinity])).toBe('[NaN, Infinity, -Infinity]');
    expect(() => writePyJson([NaN], { allowNan: false })).toThrow(PyJsonWriteError);
  });

  it.each([NaN, Infinity, -Infinity])('refuses %s with the words of Python 3.11 json.dumps', (value) => {
    expect(() => writePyJson([value], { allowNan: false })).toThrow(
      expect.objectContaining({ message: 'Out of range float values are not JSON compliant' }),
    );
    expect(() => writePyJson({ a: new PyFloat(value) }, { allowNan: false })).toThrow(
      expect.objectContaining({ message: OUT_OF_RANGE_FLOAT }),
    );
  });

  it('refuses values JSON has no form for, and never calls toJSON', () => {
    expect(() => writePyJson([undefined] as never)).toThrow('Object of type undefined is not JSON serializable');
    expect(() => writePyJson({ toJSON: () => 1 } as never)).toThrow(PyJsonWriteError);
  });

  it('writes a value far deeper than the call stack allows', () => {
    const depth = 300_000;
    let value: unknown = 0;
    for (let i = 0; i < depth; i++) value = [value];
    const text = writePyJson(value as never, { separators: 'compact' });
    expect(text.length).toBe(2 * depth + 1);
    expect(text.startsWith('[[[')).toBe(true);
  });
});

describe('json/parsePyJson', () => {
  it('keeps float-ness, big integers and key order', () => {
    const value = parsePyJson('{"9": 1.0, "10": 12345678901234567890, "a": -0.0}') as Map<string, unknown>;
    expect([...value.keys()]).toEqual(['9', '10', 'a']);
    expect(value.get('9')).toEqual(new PyFloat(1));
    expect(value.get('10')).toBe(12345678901234567890n);
    expect(writePyJson(value as never)).toBe('{"9": 1.0, "10": 12345678901234567890, "a": -0.0}');
  });

  it('keeps the first place and the last value of a repeated key, as Python does', () => {
    expect(writePyJson(parsePyJson('{"a": 1, "b": 2, "a": 3}'))).toBe('{"a": 3, "b": 2}');
  });

  it('reads the integer token -0 as the int 0, as json.loads does, and -0.0 as a float', () => {
    expect(Object.is(parsePyJson('-0'), 0)).toBe(true);
    const [int, float, exponent] = parsePyJson('[-0, -0.0, -0e0]') as PyJson[];
    expect(Object.is(int, 0)).toBe(true);
    expect(writePyJson([int!, float!, exponent!])).toBe('[0, -0.0, -0.0]');
  });

  it('reads NaN and the infinities', () => {
    expect(writePyJson(parsePyJson('[NaN, Infinity, -Infinity]'))).toBe('[NaN, Infinity, -Infinity]');
  });

  it('reads a value far deeper than the call stack allows', () => {
    const depth = 300_000;
    const text = '['.repeat(depth) + ']'.repeat(depth);
    expect(writePyJson(parsePyJson(text), { separators: 'compact' })).toBe(text);
  });

  it.each([
    ['{"a":1,}', 'Expecting property name enclosed in double quotes (line 1, column 8)'],
    ['[1 2]', "Expecting ',' delimiter or ']' (line 1, column 4)"],
    ['{"a" 1}', "Expecting ':' delimiter (line 1, column 6)"],
    ['', 'Expecting value (line 1, column 1)'],
    ['[1]x', 'Extra data (line 1, column 4)'],
    ['\n"abc', 'Unterminated string (line 2, column 5)'],
  ])('refuses %j with a located message', (text, message) => {
    expect(() => parsePyJson(text)).toThrow(PyJsonParseError);
    expect(() => parsePyJson(text)).toThrow(message);
  });
});
