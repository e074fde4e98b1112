import { describe, expect, it } from 'vitest';
import { isAgentparityError } from '../../../src/errors.js';
import { writePyJson } from '../../../src/json/writePyJson.js';
import { writeContentJson } from '../../../src/actions/render/writeContentJson.js';

const refusal = (write: () => string): string => {
  try {
    write();
  } catch (error) {
    if (error instanceof Error && (isAgentparityError(error) || error.name === 'PyJsonWriteError')) return error.message;
    throw error;
  }
  throw new Error('written');
};

// A chain `depth` deep whose containers alternate between arrays and objects, with siblings
// before or after the nested item, as Python's json.dumps(..., separators=(",", ":")) prints it.
const chain = (depth: number, nestedLast: boolean): { value: unknown; text: string } => {
  let value: unknown = 'é';
  let text = '"\\u00e9"';
  for (let level = 0; level < depth; level++) {
    if (level % 2 === 0) {
      value = nestedLast ? [level, value] : [value, level];
      text = nestedLast ? `[${level},${text}]` : `[${text},${level}]`;
    } else {
      value = nestedLast ? { a: level, b: value } : { b: value, a: level };
      text = nestedLast ? `{"a":${level},"b":${text}}` : `{"b":${text},"a":${level}}`;
    }
  }
  return { value, text };
};

describe('json/writeJsonText: deep values, through both writers', () => {
  it.each([true, false])('writes a 5,000-deep chain of mixed containers, nested item last: %s', (nestedLast) => {
    const { value, text } = chain(5000, nestedLast);
    expect(writeContentJson(value)).toBe(text);
    expect(writePyJson(value as never, { separators: 'compact' })).toBe(text);
  });

  it('writes non-ASCII text beyond the short-text limit unescaped when asked', () => {
    const long = Array.from({ length: 5000 }, (_, i) => ({ ['ключ' + i]: 'значение ☕ 😀' }));
    const text = writePyJson(long, { ensureAscii: false });
    expect(text.length).toBeGreaterThan(100_000);
    expect(text.startsWith('[{"ключ0": "значение ☕ 😀"}, {"ключ1": ')).toBe(true);
    expect(JSON.parse(text)).toEqual(long);
    expect(writePyJson(long)).toContain('"\\u043a\\u043b\\u044e\\u04474999": "\\u0437');
  });
});

describe('json/writeJsonText: cycles, as json.dumps reports them', () => {
  // A chain `start` deep, then a loop of `period` containers back to its own start.
  const cyclic = (start: number, period: number, nestedLast: boolean): unknown => {
    const loop: unknown[][] = Array.from({ length: period }, () => []);
    loop.forEach((node, i) => (nestedLast ? node.push(1, loop[(i + 1) % period]) : node.push(loop[(i + 1) % period], 1)));
    let value: unknown = loop[0];
    for (let i = 0; i < start; i++) value = i % 3 === 0 ? new Map([['k', value]]) : { k: value, z: [i] };
    return value;
  };

  it.each([
    [0, 1, true],
    [0, 1, false],
    [1, 2, true],
    [3000, 7, true],
    [3000, 7, false],
    [5, 4099, true],
    [5, 4099, false],
  ])('finds a cycle that starts %s deep with period %s (nested item last: %s)', (start, period, nestedLast) => {
    const value = cyclic(start, period, nestedLast);
    expect(refusal(() => writeContentJson(value))).toBe('Circular reference detected');
    expect(refusal(() => writePyJson(value as never))).toBe('Circular reference detected');
  });

  it('reports an error met before the cycle rather than the cycle', () => {
    const loop: unknown[] = [];
    loop.push(loop);
    expect(refusal(() => writeContentJson([[NaN], loop]))).toBe('Out of range float values are not JSON compliant');
    expect(refusal(() => writeContentJson([loop, [NaN]]))).toBe('Circular reference detected');
  });

  it('writes a node reached twice off its own path each time', () => {
    const shared = [1];
    let value: unknown = shared;
    for (let i = 0; i < 3000; i++) value = [shared, value];
    expect(writeContentJson(value)).toBe(`${'[[1],'.repeat(3000)}[1]${']'.repeat(3000)}`);
  });
});
