import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseYaml } from '../../../src/json/parseYaml.js';
import { PyFloat } from '../../../src/json/pyJson.js';
import { writeYamlFlow } from '../../../conformance/fuzz/yamlFlow.js';
import { jsonValue } from '../../../conformance/areas/schema/valueArbitraries.js';

describe('fuzz/yamlFlow', () => {
  it('writes values that parseYaml reads back to the same lossless value', () => {
    fc.assert(
      fc.property(jsonValue, (value) => {
        expect(parseYaml(`value: ${writeYamlFlow(value)}\n`)).toEqual(new Map([['value', value]]));
      }),
    );
  });

  it('writes the floats JSON cannot, as YAML 1.2 does', () => {
    expect(writeYamlFlow([new PyFloat(NaN), new PyFloat(Infinity), new PyFloat(-Infinity), new PyFloat(2), -0])).toBe('[.nan, .inf, -.inf, 2.0, -0.0]');
  });

  it('keeps key order, integer-like keys included, and escapes what YAML would read otherwise', () => {
    expect(writeYamlFlow(new Map([['2', 'é'], ['1', 'a: b #c']]))).toBe('{"2": "\\u00e9", "1": "a: b #c"}');
  });
});
