import { InvalidValueError } from '../../errors.js';
import { PyFloat } from '../../json/pyJson.js';
import { describeValue } from '../../actions/normalize/describeValue.js';
import { isPlainRecord } from '../../actions/normalize/jsonObjects.js';
import { dictKeyText } from './dictKeyText.js';
import { modelBrandOf } from './modelBrand.js';
import { RawBytes } from './rawBytes.js';

type Frame = {
  readonly node: object;
  readonly entries: readonly (readonly [unknown, unknown])[];
  readonly out: Map<string, unknown> | unknown[];
  index: number;
};

/**
 * A value with no declared type (an `Any` field, an allowed extra) in JSON form, as pydantic
 * infers it: sequences and sets become lists, dicts Maps with their keys written as strings,
 * bytes `RawBytes`, declared model instances their dump, non-finite floats null; a node re-entered on the current path is
 * refused (`Circular reference detected (id repeated)`), and so is a value of any other type
 * (`Unable to serialize unknown type: <class 'Name'>`). Loops instead of recursing.
 */
export const inferDump = (root: unknown): unknown => {
  const frames: Frame[] = [];
  const onPath = new Set<object>();

  // A leaf in JSON form, or a frame for a container (pushed, with its output returned).
  const visit = (value: unknown): unknown => {
    if (value === null || typeof value === 'boolean' || typeof value === 'string' || typeof value === 'bigint') return value;
    // JSON mode writes a non-finite float it infers as null (pydantic's ser_json_inf_nan="null").
    if (typeof value === 'number') return value - value === 0 ? value : null;
    if (value instanceof PyFloat) return value.value - value.value === 0 ? value : null;
    if (value instanceof Uint8Array && value.constructor === Uint8Array) return new RawBytes(value);
    const brand = modelBrandOf(value);
    if (brand !== undefined) return new Map(brand.dumped);
    let entries: readonly (readonly [unknown, unknown])[] | undefined;
    let out: Map<string, unknown> | unknown[] = [];
    if (Array.isArray(value)) entries = Array.from(value, (item): [unknown, unknown] => [undefined, item]);
    else if (value instanceof Set) entries = [...(value as Set<unknown>)].map((item): [unknown, unknown] => [undefined, item]);
    else if (value instanceof Map) [entries, out] = [[...(value as Map<unknown, unknown>)], new Map()];
    else if (typeof value === 'object' && isPlainRecord(value)) [entries, out] = [Object.entries(value), new Map()];
    if (entries === undefined || typeof value !== 'object') {
      throw new InvalidValueError(`Unable to serialize unknown type: <class '${describeValue(value)}'>`, { code: 'DUMP_UNKNOWN_TYPE' });
    }
    if (onPath.has(value)) throw new InvalidValueError('Circular reference detected (id repeated)', { code: 'DUMP_CIRCULAR' });
    onPath.add(value);
    frames.push({ node: value, entries, out, index: 0 });
    return out;
  };

  const result = visit(root);
  while (frames.length > 0) {
    const frame = frames[frames.length - 1]!;
    if (frame.index === frame.entries.length) {
      frames.pop();
      onPath.delete(frame.node);
      continue;
    }
    const [key, value] = frame.entries[frame.index++]!;
    // A container opened here is filled next, through its own frame; its output is in place already.
    const dumped = visit(value);
    if (frame.out instanceof Map) frame.out.set(dictKeyText(visitKey(key)), dumped);
    else frame.out.push(dumped);
  }
  return result;
};

// A dict key in JSON form: keys are hashable, so only scalars, bytes and tuples occur.
const visitKey = (key: unknown): unknown => {
  if (key instanceof Uint8Array) return new RawBytes(key);
  if (Array.isArray(key)) return key.map(visitKey);
  return key;
};
