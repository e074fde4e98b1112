import { describe, expect, it } from 'vitest';
import { parseYaml, YamlReadError } from '../../../src/json/parseYaml.js';
import { writePyJson } from '../../../src/json/writePyJson.js';

describe('json/parseYaml', () => {
  it('reads YAML 1.2 core scalars without losing float-ness, big integers or key order', () => {
    const value = parseYaml('a: 2.0\nb: 2\nc: 12345678901234567890\nd: [1e3, .inf, on, yes, ~, 0x1f]\n"10": z\n"9": y\n');
    expect(writePyJson(value)).toBe(
      '{"a": 2.0, "b": 2, "c": 12345678901234567890, "d": [1000.0, Infinity, "on", "yes", null, 31], "10": "z", "9": "y"}',
    );
  });

  it('reads an alias as a copy of its anchor', () => {
    expect(writePyJson(parseYaml('a: &x {k: 1.0}\nb: *x'))).toBe('{"a": {"k": 1.0}, "b": {"k": 1.0}}');
  });

  it.each([
    ['a: [1', undefined, 1],
    ['a: 1\na: 2', undefined, 2],
    ['1: x', '$', 1],
    ['a: &x [1, *x]', '$.a[1]', 1],
  ])('refuses %j with its location', (text, path, line) => {
    let error: unknown;
    try {
      parseYaml(text);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(YamlReadError);
    expect((error as YamlReadError).path).toBe(path);
    expect((error as YamlReadError).line).toBe(line);
  });
});
