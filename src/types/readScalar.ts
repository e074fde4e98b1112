import type { PyJson } from '../json/pyJson.js';
import { msg } from './declarationMessages.js';
import { childPath, expected, fail, floatOf, isJsonScalar, isPyFloatValue, type Refusal } from './declarationTree.js';
import type { Scalar } from './scalarKeys.js';

/** A JSON scalar that is not NaN or an infinity: what literals, set defaults and enum members hold. */
export const readFiniteScalar = (value: PyJson, path: string): Scalar => {
  if (!isJsonScalar(value)) return expected('a string, number, boolean or null', value, path);
  if (isPyFloatValue(value) && !Number.isFinite(floatOf(value))) fail(path, msg.nonFinite(value));
  return value;
};

/** Each item a finite scalar, and no two alike by `keyOf`; the second of a pair is refused with `duplicate`. */
export const readUniqueScalars = (
  items: readonly PyJson[],
  path: string,
  keyOf: (value: Scalar) => string,
  duplicate: (value: Scalar) => Refusal,
): void => {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const itemPath = childPath(path, index);
    const value = readFiniteScalar(item, itemPath);
    const key = keyOf(value);
    if (seen.has(key)) fail(itemPath, duplicate(value));
    seen.add(key);
  });
};
