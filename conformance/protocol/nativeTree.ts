import type { PyJson } from '../../src/json/pyJson.js';
import { isArrayIndexKey } from '../../src/actions/normalize/jsonObjects.js';

/**
 * What `parsePyJson` reads from a text, made from what `JSON.parse` read from it, when nothing
 * was lost: no number anywhere (`JSON.parse` cannot tell `1.0` from `1`, nor keep a big int) and
 * no array-index key (a plain object moves it first). Objects become Maps in their order; a
 * repeated key kept its first place and its last value in both readers. Undefined otherwise, for
 * the lossless reader to do. Much faster on strings full of escapes, such as JSON text in JSON.
 */
export const losslessFromNative = (parsed: unknown): PyJson | undefined => {
  const root: { value?: PyJson } = {};
  const pending: [unknown, (value: PyJson) => void][] = [[parsed, (value) => void (root.value = value)]];
  while (pending.length > 0) {
    const [value, put] = pending.pop()!;
    if (value === null || typeof value === 'string' || typeof value === 'boolean') {
      put(value);
    } else if (Array.isArray(value)) {
      const items: PyJson[] = new Array<PyJson>(value.length);
      put(items);
      value.forEach((item, i) => pending.push([item, (v) => void (items[i] = v)]));
    } else if (typeof value === 'object') {
      const map = new Map<string, PyJson>();
      put(map);
      for (const [key, item] of Object.entries(value)) {
        if (isArrayIndexKey(key)) return undefined;
        // Set now, so that the Map keeps the written order; filled in when its turn comes.
        map.set(key, null);
        pending.push([item, (v) => void map.set(key, v)]);
      }
    } else {
      return undefined;
    }
  }
  return root.value;
};
