import { parsePyJson } from '../../src/json/parsePyJson.js';
import { PyFloat, type PyJson } from '../../src/json/pyJson.js';
import { writePyJson } from '../../src/json/writePyJson.js';

const pointer = (path: readonly (string | number)[]): string =>
  path.length === 0 ? '(root)' : `/${path.map((p) => String(p).replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;

const show = (value: PyJson): string => {
  const text = writePyJson(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
};

/**
 * The differences between two JSON texts, one line per JSON pointer: missing or extra keys,
 * changed values (an int and a float of one value differ), and key order. Empty when the texts
 * hold the same value in the same order.
 */
export const schemaDiff = (expected: string, actual: string): string[] => {
  const lines: string[] = [];
  const walk = (a: PyJson, b: PyJson, path: (string | number)[]): void => {
    if (a instanceof Map && b instanceof Map) {
      for (const [key, value] of a) {
        if (!b.has(key)) lines.push(`${pointer([...path, key])}: missing, expected ${show(value)}`);
        else walk(value, b.get(key)!, [...path, key]);
      }
      for (const [key, value] of b) if (!a.has(key)) lines.push(`${pointer([...path, key])}: extra ${show(value)}`);
      const common = (keys: Iterable<string>, other: Map<string, PyJson>) => [...keys].filter((k) => other.has(k));
      const orderA = common(a.keys(), b);
      const orderB = common(b.keys(), a);
      if (orderA.join('\u0000') !== orderB.join('\u0000')) lines.push(`${pointer(path)}: key order ${JSON.stringify(orderB)}, expected ${JSON.stringify(orderA)}`);
      return;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      if (a.length !== b.length) lines.push(`${pointer(path)}: ${b.length} items, expected ${a.length}`);
      for (let i = 0; i < Math.min(a.length, b.length); i++) walk(a[i] as PyJson, b[i] as PyJson, [...path, i]);
      return;
    }
    const same = a instanceof PyFloat && b instanceof PyFloat ? Object.is(a.value, b.value) : !(a instanceof PyFloat) && !(b instanceof PyFloat) && a === b;
    if (!same) lines.push(`${pointer(path)}: ${show(b)}, expected ${show(a)}`);
  };
  walk(parsePyJson(expected), parsePyJson(actual), []);
  if (lines.length === 0 && expected !== actual) lines.push('(same value, different text)');
  return lines;
};
