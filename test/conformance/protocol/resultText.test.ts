import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePyJson } from '../../../src/json/parsePyJson.js';
import type { PyJson } from '../../../src/json/pyJson.js';
import { writePyJson } from '../../../src/json/writePyJson.js';
import { extractResultText } from '../../../conformance/protocol/resultText.js';

describe('protocol/resultText', () => {
  it.each([
    ['{"seq": 1, "result": {"a": [1, {"b": "}"}]}}', '{"a": [1, {"b": "}"}]}'],
    ['{"result": {"x": "\\"result\\": 2"}, "seq": 1}', '{"x": "\\"result\\": 2"}'],
    ['{ "seq" : 1 , "result" :  5 }', '5'],
    ['{"seq": 1, "result": []}', '[]'],
    ['{"seq": {"result": 1}, "result": "r"}', '"r"'],
  ])('finds the raw result text in %s', (line, text) => {
    expect(extractResultText(line)).toBe(text);
  });

  it('gives undefined when there is no top-level result', () => {
    expect(extractResultText('{"seq": 1, "skipped": true, "reason": "result"}')).toBeUndefined();
  });

  it('gives back exactly what was written, for any value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (value, resultFirst) => {
        const result = parsePyJson(JSON.stringify(value)) as PyJson;
        const text = writePyJson(result);
        const line = resultFirst ? `{"result": ${text}, "seq": 1}` : `{"seq": 1, "result": ${text}}`;
        expect(extractResultText(line)).toBe(text);
      }),
    );
  });
});
