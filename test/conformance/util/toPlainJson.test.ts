import { describe, expect, it } from 'vitest';
import { parsePyJson } from '../../../src/json/parsePyJson.js';
import { parsePlainJson, toPlainJson } from '../../../conformance/util/toPlainJson.js';

describe('parsePlainJson', () => {
  it('reads the plain form of Python JSON text, NaN and the infinities included', () => {
    expect(parsePlainJson('{"a": [1, 2.5, NaN, Infinity, -Infinity], "b": null}')).toEqual({ a: [1, 2.5, NaN, Infinity, -Infinity], b: null });
  });

  it('keeps a key written twice at its first place with its last value, and __proto__ as an ordinary key', () => {
    const read = parsePlainJson('{"x": 1, "y": 2, "x": 3, "__proto__": {"z": 4}}') as Record<string, unknown>;
    expect(Object.keys(read)).toEqual(['x', 'y', '__proto__']);
    expect(read['x']).toBe(3);
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(read, '__proto__')?.value).toEqual({ z: 4 });
  });

  it('gives what toPlainJson gives for the lossless reading, with or without a NaN', () => {
    for (const text of ['{"n": 12345678901234567890123, "f": 1e400, "s": "\\ud800\\u00e9"}', '[{"m": -0.0, "k": NaN}]']) {
      expect(parsePlainJson(text)).toEqual(toPlainJson(parsePyJson(text)));
    }
  });

  it('refuses text that is not JSON in either reading', () => {
    expect(() => parsePlainJson('{"a": }')).toThrow();
  });
});
