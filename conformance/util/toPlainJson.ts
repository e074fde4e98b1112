import { parsePyJson } from '../../src/json/parsePyJson.js';
import { PyFloat, isPlainObject, type PyJson } from '../../src/json/pyJson.js';

type Slot = { readonly target: unknown[] | Record<string, unknown>; readonly key: number | string };

const setSlot = (slot: Slot, value: unknown): void => {
  if (Array.isArray(slot.target)) slot.target[slot.key as number] = value;
  // defineProperty: a key named `__proto__` must stay an ordinary key.
  else Object.defineProperty(slot.target, slot.key, { value, enumerable: true, writable: true, configurable: true });
};

/**
 * The plain-JavaScript form of a lossless value, for libraries that expect `JSON.parse` output
 * (ajv, json-schema-diff): Maps become objects, `PyFloat` and `bigint` become numbers. What only
 * the lossless form can say (key order of integer-like keys, `2.0` against `2`) is lost on purpose;
 * those libraries judge meaning, not text. Iterative, so depth is no limit.
 */
export const toPlainJson = (root: PyJson): unknown => {
  const holder: unknown[] = [undefined];
  const stack: [PyJson, Slot][] = [[root, { target: holder, key: 0 }]];
  while (stack.length > 0) {
    const [value, slot] = stack.pop()!;
    if (value instanceof PyFloat) setSlot(slot, value.value);
    else if (typeof value === 'bigint') setSlot(slot, Number(value));
    else if (Array.isArray(value)) {
      const array: unknown[] = new Array(value.length);
      setSlot(slot, array);
      value.forEach((item: PyJson, index: number) => stack.push([item, { target: array, key: index }]));
    } else if (value instanceof Map || isPlainObject(value)) {
      const object: Record<string, unknown> = {};
      setSlot(slot, object);
      const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
      for (const [key, item] of entries) stack.push([item as PyJson, { target: object, key }]);
    } else setSlot(slot, value);
  }
  return holder[0];
};

/**
 * `toPlainJson(parsePyJson(text))`, through `JSON.parse` when it reads the text (it differs only
 * where the plain form loses what the lossless one keeps, and a key written twice keeps its first
 * place and last value in both), so that a fuzz run parses each schema once at native speed;
 * Python's `NaN` and infinities take the lossless parser.
 */
export const parsePlainJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return toPlainJson(parsePyJson(text));
  }
};
