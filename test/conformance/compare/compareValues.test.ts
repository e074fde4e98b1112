import { describe, expect, it } from 'vitest';
import { parsePyJson } from '../../../src/json/parsePyJson.js';
import type { PyJson } from '../../../src/json/pyJson.js';
import { compareValues } from '../../../conformance/compare/compareValues.js';
import { diffValues } from '../../../conformance/compare/diffValues.js';

const sides = { left: 'python', right: 'ts' };
const json = (text: string): PyJson => parsePyJson(text);

describe('compare/compareValues', () => {
  it('finds equal values identical, whatever their representation', () => {
    expect(compareValues(json('{"a": [1, 2.5, "x", null, true]}'), { a: [1, 2.5, 'x', null, true] }, sides)).toEqual({ status: 'identical', detail: '' });
    expect(compareValues(json('12345678901234567890'), 12345678901234567890n, sides).status).toBe('identical');
    expect(compareValues(json('NaN'), json('NaN'), sides).status).toBe('identical');
  });

  it('finds an int against a float of the same value equivalent, naming the pointer and both texts', () => {
    expect(compareValues(json('{"a": [1.0]}'), json('{"a": [1]}'), sides)).toEqual({ status: 'equivalent', detail: '`/a/0` is 1.0 in python and 1 in ts', rules: ['js-number'] });
    expect(compareValues(json('1e+16'), json('10000000000000000'), sides).status).toBe('equivalent');
  });

  it('finds another key order equivalent', () => {
    expect(compareValues(json('{"b": 1, "a": 2}'), json('{"a": 2, "b": 1}'), sides)).toEqual({
      status: 'equivalent',
      detail: 'key order at (root) is b, a in python and a, b in ts',
      rules: ['key-order'],
    });
  });

  it('finds any other difference divergent, showing meaningful differences first', () => {
    const verdict = compareValues(json('{"a": 1, "b": [1, 2], "c": "x", "d/e": 0}'), json('{"b": [1], "a": 1.0, "c": "y", "f": 1}'), sides);
    expect(verdict.status).toBe('divergent');
    expect(verdict.detail).toBe(
      '`/d~1e` is missing in ts (python has 0); `/f` is only in ts (1); `/b` has 2 items in python and 1 in ts; and 1 more',
    );
  });

  it.each([
    ['0.0', '-0.0', '(root) is 0.0 in python and -0.0 in ts'],
    ['1', '2', '(root) is 1 in python and 2 in ts'],
    ['"1"', '1', '(root) is "1" in python and 1 in ts'],
    ['1.5', '1', '(root) is 1.5 in python and 1 in ts'],
    ['12345678901234567890', '12345678901234567891', '(root) is 12345678901234567890 in python and 12345678901234567891 in ts'],
    ['{}', '[]', '(root) is {} in python and [] in ts'],
  ])('%s against %s is divergent', (a, b, detail) => {
    expect(compareValues(json(a), json(b), sides)).toEqual({ status: 'divergent', detail });
  });

  it('shows non-ASCII text as it reads and characters nobody can see escaped', () => {
    expect(compareValues('é\u2028', '\u007f', sides).detail).toBe('(root) is "é\\u2028" in python and "\\u007f" in ts');
  });

  it('compares values of any depth without recursion', () => {
    const depth = 100_000;
    const deep = (leaf: string): string => `${'['.repeat(depth)}${leaf}${']'.repeat(depth)}`;
    const differences = diffValues(json(deep('1')), json(deep('1.0')), sides);
    expect(differences).toHaveLength(1);
    expect(differences[0]!.kind).toBe('number-kind');
    expect(differences[0]!.pointer).toBe('/0'.repeat(depth));
  });
});
