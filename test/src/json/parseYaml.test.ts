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

// A "billion laughs" document: each level aliases the one before nine times (10^9 strings when expanded).
const laughs = (levels: number): string =>
  ['a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]', ...Array.from({ length: levels }, (_, i) => `a${i + 1}: &a${i + 1} [${Array(9).fill(`*a${i}`).join(', ')}]`)].join('\n');

const refusal = (text: string, limits?: { nesting: number }): { message: string; line?: number; column?: number } => {
  try {
    parseYaml(text, limits);
  } catch (error) {
    if (!(error instanceof YamlReadError)) throw error;
    return { message: error.message, ...(error.line === undefined ? {} : { line: error.line, column: error.column }) };
  }
  return { message: 'read' };
};

describe('json/parseYaml limits', () => {
  it('refuses an alias bomb at the alias that goes past 10,000 expansions, without expanding it', () => {
    expect(refusal(laughs(9))).toEqual({ message: 'alias *a4 makes the document expand more than 10000 aliases, the limit for a YAML input file', line: 6, column: 10 });
  });

  it('refuses aliases that expand past 100,000 nodes', () => {
    // b stands for 10,101 nodes through 100 aliases; the ninth alias of it crosses 100,000.
    const wide = `a: &a [${Array(100).fill('1').join(', ')}]\nb: &b [${Array(100).fill('*a').join(', ')}]\nc: [${Array(10).fill('*b').join(', ')}]\n`;
    expect(refusal(wide)).toEqual({ message: 'alias *b makes the document expand past 100000 nodes through aliases, the limit for a YAML input file', line: 3, column: 37 });
  });

  it('reads what stays within the limits, aliases expanded', () => {
    expect(writePyJson(parseYaml(laughs(2)))).toContain('"a2": [[["lol"');
    expect(refusal(`${'['.repeat(200)}${']'.repeat(200)}`)).toEqual({ message: 'read' });
  });

  it.each([
    ['flow, found before the tree is built', `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`, 1, 201],
    ['block', Array.from({ length: 201 }, (_, i) => `${' '.repeat(i)}- `).join('\n'), 201, 201],
    ['through an alias', `a: &a ${'['.repeat(150)}${']'.repeat(150)}\nb: ${'['.repeat(60)}*a${']'.repeat(60)}\n`, 2, 64],
  ])('refuses nesting past 200 levels (%s) with its line', (_, text, line, column) => {
    expect(refusal(text)).toEqual({ message: 'the document nests deeper than 200 levels, the limit for a YAML input file', line, column });
  });

  it('keeps no nesting limit for a result', () => {
    expect(refusal(`${'['.repeat(300)}${']'.repeat(300)}`, { nesting: Infinity })).toEqual({ message: 'read' });
  });
});
