import { formatPyFloat } from '../../src/python/formatPyFloat.js';
import { PyFloat, objectEntries, type PyJson, type PyJsonObject } from '../../src/json/pyJson.js';
import { writePyString } from '../../src/json/writePyJson.js';

const float = (value: number): string => {
  if (Number.isNaN(value)) return '.nan';
  if (!Number.isFinite(value)) return value > 0 ? '.inf' : '-.inf';
  return formatPyFloat(value);
};

const scalar = (value: PyJson): string | undefined => {
  if (value === null) return 'null';
  if (value instanceof PyFloat) return float(value.value);
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'string':
      return writePyString(value);
    case 'bigint':
      return value.toString();
    case 'number':
      return Number.isInteger(value) && !Object.is(value, -0) ? String(value) : float(value);
  }
  return undefined;
};

type Frame = { readonly close: string; readonly items: readonly (readonly [string | undefined, PyJson])[]; index: number };

/**
 * A value as one line of YAML flow style that `parseYaml` reads back to the same lossless value:
 * JSON, except that non-finite floats are written `.nan`, `.inf`, `-.inf` (YAML 1.2 core), and
 * every string is double-quoted with ASCII escapes. Iterative, so depth is no limit.
 */
export const writeYamlFlow = (root: PyJson): string => {
  const out: string[] = [];
  const stack: Frame[] = [];
  const open = (value: PyJson): void => {
    const text = scalar(value);
    if (text !== undefined) return void out.push(text);
    if (Array.isArray(value)) {
      out.push('[');
      stack.push({ close: ']', items: (value as readonly PyJson[]).map((v) => [undefined, v] as const), index: 0 });
    } else {
      out.push('{');
      stack.push({ close: '}', items: [...objectEntries(value as PyJsonObject)], index: 0 });
    }
  };
  open(root);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.index >= frame.items.length) {
      out.push(frame.close);
      stack.pop();
      continue;
    }
    const [key, value] = frame.items[frame.index]!;
    if (frame.index > 0) out.push(', ');
    frame.index++;
    if (key !== undefined) out.push(`${writePyString(key)}: `);
    open(value);
  }
  return out.join('');
};
