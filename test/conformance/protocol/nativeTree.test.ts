import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePyJson } from '../../../src/json/parsePyJson.js';
import type { PyJson } from '../../../src/json/pyJson.js';
import { writePyJson } from '../../../src/json/writePyJson.js';
import { losslessFromNative } from '../../../conformance/protocol/nativeTree.js';
import { pyJsonArbitrary, sameTree } from '../../helpers/pyJsonArbitrary.js';

const texts = pyJsonArbitrary.chain((value) => {
  try {
    const text = writePyJson(value);
    JSON.parse(text);
    return fc.constant(text);
  } catch {
    return fc.constant('"unwritable"');
  }
});

describe('protocol/nativeTree', () => {
  it('gives what the lossless reader gives, or nothing', () => {
    let given = 0;
    fc.assert(
      fc.property(texts, (text) => {
        const tree = losslessFromNative(JSON.parse(text));
        if (tree === undefined) return;
        given++;
        expect(sameTree(tree, parsePyJson(text))).toBe(true);
      }),
      { numRuns: 1000 },
    );
    expect(given).toBeGreaterThan(100);
  });

  it('reads JSON text in JSON, a result of strings, with keys in their order', () => {
    const text = '{"json": "{\\"a\\": [1, 2.0]}", "content": "\\u00e9", "__proto__": true, "z": null, "b": [{}]}';
    expect(losslessFromNative(JSON.parse(text))).toEqual(parsePyJson(text));
    expect([...(losslessFromNative(JSON.parse(text)) as Map<string, PyJson>).keys()]).toEqual(['json', 'content', '__proto__', 'z', 'b']);
  });

  it.each(['{"n": 1}', '[2.0]', '{"b": "y", "2": "x"}'])('leaves %s to the lossless reader', (text) => {
    expect(losslessFromNative(JSON.parse(text))).toBeUndefined();
  });
});
