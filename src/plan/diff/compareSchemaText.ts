import { parsePyJson } from '../../json/parsePyJson.js';
import { isPlainObject, objectEntries, type PyJson } from '../../json/pyJson.js';
import { compareJson } from './compareJson.js';
import { ComparisonLog } from './planDifference.js';

const isObject = (value: PyJson): boolean => value instanceof Map || isPlainObject(value);

// An input schema is JSON held in a string: compared as the JSON it holds; `required` lists in any order.
export const compareSchemaText = (a: PyJson, b: PyJson, pa: string, pb: string, log: ComparisonLog): void => {
  if (a === b) return;
  const [x, y] = [parsed(a), parsed(b)];
  if (x === undefined || y === undefined) {
    compareJson(a, b, pa, pb, log);
    return;
  }
  const inner = new ComparisonLog();
  compareJson(x, y, `${pa}#`, `${pb}#`, inner);
  if (inner.differences.length === 0) log.same(pa, 'input schema', 'the input schemas are written differently but hold the same JSON Schema');
  for (const d of inner.differences) log.differ(d.pointer, d.pointerB ?? d.pointer, d.message);
};

const parsed = (value: PyJson): PyJson | undefined => {
  if (typeof value !== 'string') return undefined;
  try {
    return sortRequired(parsePyJson(value));
  } catch {
    return undefined;
  }
};

const sortRequired = (schema: PyJson): PyJson => {
  if (Array.isArray(schema)) return (schema as readonly PyJson[]).map(sortRequired);
  if (!isObject(schema)) return schema;
  return new Map(
    [...objectEntries(schema as ReadonlyMap<string, PyJson>)].map(([key, value]) => [
      key,
      key === 'required' && Array.isArray(value) && value.every((v) => typeof v === 'string') ? [...(value as string[])].sort() : sortRequired(value),
    ]),
  );
};
