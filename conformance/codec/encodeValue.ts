import { formatPyFloat } from '../../src/python/formatPyFloat.js';
import { PyFloat, type PyJson } from '../../src/json/pyJson.js';
import { isArrayIndexKey, isPlainRecord } from '../../src/actions/normalize/jsonObjects.js';
import { isPlainClassInstance } from './plainClass.js';
import { TYPED_ARRAYS } from './tags.js';
import { pushAll, reversed } from '../../src/util/pushAll.js';

/** Runs of single-entry containers at least this long are written as a `$chain`. */
export const CHAIN_MIN_DEPTH = 32;

export interface EncodeOptions {
  /** The model name and fields (by Python name) of a declared model's instance, else undefined. */
  readonly describeModel?: (value: object) => { readonly name: string; readonly fields: ReadonlyMap<string, unknown> } | undefined;
}

type DocObject = Map<string, PyJson>;
const doc = (...entries: (readonly [string, PyJson])[]): DocObject => new Map(entries);

const isContainer = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && !(value instanceof PyFloat) && !(value instanceof Date) && !ArrayBuffer.isView(value);

/** The values a container holds, keys included, in the order they are written. */
const childrenOf = (value: object, options: EncodeOptions): unknown[] => {
  if (Array.isArray(value)) return [...value];
  if (value instanceof Map) return [...value].flat();
  if (value instanceof Set) return [...value];
  const model = options.describeModel?.(value);
  if (model !== undefined) return [...model.fields.values()];
  return Object.values(value);
};

const floatText = (value: number): PyJson => {
  if (Number.isNaN(value)) return doc(['$float', 'NaN']);
  if (!Number.isFinite(value)) return doc(['$float', value > 0 ? 'Infinity' : '-Infinity']);
  return Object.is(value, -0) ? doc(['$float', '-0.0']) : new PyFloat(value);
};

const encodeNumber = (value: number): PyJson => {
  if (Number.isSafeInteger(value) && !Object.is(value, -0)) return value;
  // A whole number beyond 2^53 is written as a float, so that it reads back as a number.
  if (Number.isInteger(value)) return doc(['$float', formatPyFloat(value)]);
  return floatText(value);
};

class Encoder {
  private readonly counts = new Map<object, number>();
  private readonly names = new Map<object, string>();

  constructor(
    root: unknown,
    private readonly options: EncodeOptions,
  ) {
    const pending: unknown[] = [root];
    while (pending.length > 0) {
      const value = pending.pop();
      if (!isContainer(value)) continue;
      const seen = this.counts.get(value) ?? 0;
      this.counts.set(value, seen + 1);
      if (seen === 0) pushAll(pending, childrenOf(value, options));
    }
  }

  private shared(value: unknown): boolean {
    return isContainer(value) && (this.counts.get(value) ?? 0) > 1;
  }

  /** The key and inner value when `value` is one link of a chain. */
  private static step(value: unknown): { key: string | null; inner: unknown } | undefined {
    if (Array.isArray(value)) return value.length === 1 && 0 in value ? { key: null, inner: value[0] } : undefined;
    if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype) return undefined;
    const keys = Object.keys(value);
    if (keys.length !== 1 || keys[0]!.startsWith('$')) return undefined;
    return { key: keys[0]!, inner: (value as Record<string, unknown>)[keys[0]!] };
  }

  private chain(value: unknown): { depth: number; key: string | null; leaf: unknown } | undefined {
    const first = Encoder.step(value);
    if (first === undefined) return undefined;
    let depth = 1;
    let inner = first.inner;
    for (;;) {
      if (!isContainer(inner) || this.shared(inner)) break;
      const next = Encoder.step(inner);
      if (next === undefined || next.key !== first.key) break;
      depth++;
      inner = next.inner;
    }
    return depth >= CHAIN_MIN_DEPTH ? { depth, key: first.key, leaf: inner } : undefined;
  }

  run(root: unknown): PyJson {
    const holder: PyJson[] = [null];
    // Each task: a value to encode and the slot its encoding fills (an array index or an object key).
    const tasks: [unknown, PyJson[] | DocObject, number | string][] = [[root, holder, 0]];
    while (tasks.length > 0) {
      const [value, target, slot] = tasks.pop()!;
      const encoded = this.encodeOne(value, (items) => pushAll(tasks, reversed(items)));
      if (target instanceof Map) target.set(slot as string, encoded);
      else target[slot as number] = encoded;
    }
    return holder[0]!;
  }

  private encodeOne(value: unknown, later: (items: [unknown, PyJson[] | DocObject, number | string][]) => void): PyJson {
    switch (typeof value) {
      case 'string':
      case 'boolean':
      case 'bigint':
        return value;
      case 'number':
        return encodeNumber(value);
      case 'undefined':
        return doc(['$undefined', true]);
      case 'symbol':
        return doc(['$symbol', value.description ?? '']);
      case 'function':
        return doc(['$function', value.name]);
      default:
        break;
    }
    if (value === null) return null;
    if (value instanceof PyFloat) return floatText(value.value);
    if (value instanceof Date) return doc(['$date', value.toISOString()]);
    if (value instanceof Uint8Array && value.constructor === Uint8Array) {
      return doc(['$bytes', Buffer.from(value).toString('base64')]);
    }
    if (ArrayBuffer.isView(value)) {
      const name = value.constructor.name;
      if (!Object.hasOwn(TYPED_ARRAYS, name)) throw new TypeError(`cannot encode a ${name}`);
      return doc(['$typedArray', name], ['values', Array.from(value as unknown as ArrayLike<number | bigint>, Number)]);
    }
    const object = value as object;
    const name = this.names.get(object);
    if (name !== undefined) return doc(['$ref', name]);
    if (this.shared(object)) this.names.set(object, `v${this.names.size + 1}`);
    const encoded = this.encodeContainer(object, later);
    const id = this.names.get(object);
    return id === undefined ? encoded : doc(['$id', id], ['value', encoded]);
  }

  private encodeContainer(value: object, later: (items: [unknown, PyJson[] | DocObject, number | string][]) => void): PyJson {
    const found = this.chain(value);
    if (found !== undefined) {
      const body = doc(['depth', found.depth], ['key', found.key], ['leaf', null]);
      later([[found.leaf, body, 'leaf']]);
      return doc(['$chain', body]);
    }
    if (Array.isArray(value)) {
      const out: PyJson[] = new Array<PyJson>(value.length).fill(null);
      const items: [unknown, PyJson[], number][] = [];
      for (let i = 0; i < value.length; i++) {
        if (i in value) items.push([value[i], out, i]);
        else out[i] = doc(['$hole', true]);
      }
      later(items);
      return out;
    }
    if (value instanceof Set) {
      const out: PyJson[] = [...value].map(() => null);
      later([...value].map((member, i) => [member, out, i]));
      return doc(['$set', out]);
    }
    if (value instanceof Map && [...value.keys()].every((key) => typeof key === 'string' && !key.startsWith('$'))) {
      // String keys: an object, which decodes back to a Map only when it has array-index keys.
      const keys = [...value.keys()] as string[];
      if (keys.some(isArrayIndexKey)) {
        const body: DocObject = new Map(keys.map((key) => [key, null]));
        later(keys.map((key) => [value.get(key), body, key]));
        return body;
      }
    }
    if (value instanceof Map) {
      const pairs: PyJson[][] = [...value].map(() => [null, null]);
      later([...(value as Map<unknown, unknown>)].flatMap(([k, v], i) => [[k, pairs[i]!, 0], [v, pairs[i]!, 1]] as [unknown, PyJson[], number][]));
      return doc(['$map', pairs]);
    }
    const model = this.options.describeModel?.(value);
    const fields = model !== undefined ? [...model.fields] : Object.entries(value);
    const body: DocObject = new Map(fields.map(([key]) => [key, null]));
    later(fields.map(([key, member]) => [member, body, key]));
    if (model !== undefined) return doc(['$model', model.name], ['fields', body]);
    if (isPlainClassInstance(value)) return doc(['$object', value.constructor.name], ['fields', body]);
    if (!isPlainRecord(value)) throw new TypeError(`cannot encode an instance of ${value.constructor.name}`);
    if (Object.getPrototypeOf(value) === null) return doc(['$nullProto', body]);
    return fields.some(([key]) => key.startsWith('$')) ? doc(['$literal', body]) : body;
  }
}

/** The encoded document of a value `decodeValue` can build, with plain JSON where it suffices. */
export const encodeValue = (value: unknown, options: EncodeOptions = {}): PyJson => new Encoder(value, options).run(value);
