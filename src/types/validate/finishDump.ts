import type { PyJson } from '../../json/pyJson.js';
import { UncomputedField, Uninferred } from './dumpMarkers.js';
import { inferDump } from './inferDump.js';
import { RawBytes, bytesText } from './rawBytes.js';

type Frame = { readonly items: readonly unknown[]; readonly keys: readonly string[] | undefined; readonly out: PyJson[] | Map<string, PyJson>; index: number };

/**
 * The end of the dump: a validated value in JSON form with its bytes written as text (refusing
 * bytes that are not UTF-8) and its computed fields computed (which fails), in dump order, so
 * that the first failure is the one the Python reference meets. Loops instead of recursing.
 *
 * With `keepBytes`, bytes stay a Uint8Array, values of no declared type stay as given, and
 * computed fields are left out: the field values a model instance shows.
 */
export const finishDump = (root: unknown, keepBytes = false): PyJson => {
  const frames: Frame[] = [];
  const finish = (given: unknown): PyJson => {
    if (given instanceof Uninferred && keepBytes) return given.raw as PyJson;
    const value = given instanceof Uninferred ? inferDump(given.raw) : given;
    if (value instanceof RawBytes) return keepBytes ? (value.data as never) : bytesText(value.data);
    if (value instanceof UncomputedField) return keepBytes ? (undefined as never) : value.fail();
    if (Array.isArray(value)) {
      const out: PyJson[] = [];
      frames.push({ items: value, keys: undefined, out, index: 0 });
      return out;
    }
    if (value instanceof Map) {
      const out = new Map<string, PyJson>();
      frames.push({ items: [...value.values()], keys: [...(value as Map<string, unknown>).keys()], out, index: 0 });
      return out;
    }
    return value as PyJson;
  };
  const result = finish(root);
  while (frames.length > 0) {
    const frame = frames[frames.length - 1]!;
    if (frame.index === frame.items.length) {
      frames.pop();
      continue;
    }
    const index = frame.index++;
    const done = finish(frame.items[index]);
    if (frame.out instanceof Map) frame.out.set(frame.keys![index]!, done);
    else frame.out.push(done);
  }
  return result;
};
