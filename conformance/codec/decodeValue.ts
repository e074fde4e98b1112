import type { PyJson } from '../../src/json/pyJson.js';
import { PyFloat, numberValue } from '../../src/json/pyJson.js';
import { isArrayIndexKey, setOwn } from '../../src/actions/normalize/jsonObjects.js';
import { CodecError, type DocPath } from './codecError.js';
import { checkHashable, decodeBytes, decodeFloat, decodeInt } from './codecScalars.js';
import {
  BuiltListFrame,
  ChainFrame,
  DictFrame,
  FieldsFrame,
  type Frame,
  HOLE,
  ListFrame,
  MapFrame,
  ToJsonFrame,
  UNDER_CONSTRUCTION,
  buildSet,
  buildTuple,
  emptyObjectFor,
  entriesOf,
  type Entries,
} from './decodeFrames.js';
import { plainClass } from './plainClass.js';
import { COMPANIONS, TYPED_ARRAYS } from './tags.js';

/** Builds a declared model's instance from fields given by Python name; throws when they do not validate. */
export type ModelFactory = (fields: ReadonlyMap<string, unknown>) => object;

export interface DecodeOptions {
  /** The declared models a `$model` may name. */
  readonly models?: ReadonlyMap<string, ModelFactory>;
}

type Begun = { readonly value: unknown; readonly frame?: undefined } | { readonly value?: undefined; readonly frame: Frame };

class Decoder {
  private readonly named = new Map<string, unknown>();
  constructor(private readonly models: ReadonlyMap<string, ModelFactory>) {}

  run(document: PyJson): unknown {
    const first = this.begin(document, [], [], false);
    if (first.frame === undefined) return first.value;
    const stack: Frame[] = [first.frame];
    for (;;) {
      const top = stack[stack.length - 1]!;
      const child = top.nextChild();
      if (child !== undefined) {
        const begun = this.begin(child[0], child[1], [], top.holdsItems);
        if (begun.frame !== undefined) stack.push(begun.frame);
        else top.accept(begun.value);
        continue;
      }
      stack.pop();
      const value = top.finish();
      this.name(top.ids, value);
      if (stack.length === 0) return value;
      stack[stack.length - 1]!.accept(value);
    }
  }

  private name(ids: readonly string[], value: unknown): void {
    for (const id of ids) this.named.set(id, value);
  }

  /** Decodes a scalar at once, or opens the frame of a container; `$id` wrappers name what is inside. */
  private begin(node: PyJson, path: DocPath, ids: readonly string[], inList: boolean): Begun {
    for (;;) {
      if (Array.isArray(node)) {
        const out: unknown[] = [];
        this.name(ids, out);
        return { frame: new ListFrame(node as readonly PyJson[], out, path, ids) };
      }
      const entries = entriesOf(node);
      if (entries === undefined) {
        if (node === null || typeof node !== 'object') {
          this.name(ids, node);
          return { value: node };
        }
        if (node instanceof PyFloat) {
          // A JSON float: TypeScript holds it as a number, which cannot say it was one.
          this.name(ids, node.value);
          return { value: node.value };
        }
        throw new CodecError(`${String(node)} is not part of the encoding`, path);
      }
      const tags = entries.filter(([key]) => key.startsWith('$')).map(([key]) => key);
      if (tags.length === 0) {
        const out = emptyObjectFor(entries);
        this.name(ids, out);
        return { frame: new DictFrame(entries, out, path, ids) };
      }
      const tag = this.tagOf(entries, tags, path);
      const body = entries.find(([key]) => key === tag)![1];
      if (tag !== '$id') return this.beginTagged(tag, body, entries, path, ids, inList);
      if (typeof body !== 'string' || body === '') throw new CodecError('$id takes a non-empty string', path);
      if (this.named.has(body) || ids.includes(body)) throw new CodecError(`$id '${body}' is defined twice`, path);
      const value = entries.find(([key]) => key === 'value');
      if (value === undefined) throw new CodecError('$id needs a value', path);
      ids = [...ids, body];
      node = value[1];
      path = [...path, 'value'];
    }
  }

  private tagOf(entries: Entries, tags: readonly string[], path: DocPath): string {
    if (tags.length > 1) throw new CodecError(`an encoding has one $ key, found ${tags.join(', ')}`, path);
    const tag = tags[0]!;
    const companions = COMPANIONS.get(tag);
    if (companions === undefined) throw new CodecError(`unknown tag ${tag} (write a literal object with $literal)`, path);
    const extra = entries.map(([key]) => key).filter((key) => key !== tag && !companions.includes(key)).sort();
    if (extra.length > 0) throw new CodecError(`${tag} does not take ${extra.join(', ')}`, path);
    return tag;
  }

  private beginTagged(tag: string, body: PyJson, entries: Entries, path: DocPath, ids: readonly string[], inList: boolean): Begun {
    const tagPath = [...path, tag];
    const companion = (key: string): PyJson | undefined => entries.find(([k]) => k === key)?.[1];
    const leaf = (value: unknown): Begun => {
      this.name(ids, value);
      return { value };
    };
    switch (tag) {
      case '$float':
        return leaf(decodeFloat(body, tagPath));
      case '$int':
        return leaf(decodeInt(body, tagPath));
      case '$bytes':
        return leaf(decodeBytes(body, tagPath));
      case '$ref':
        return leaf(this.lookUp(body, tagPath));
      case '$tuple':
      case '$set':
      case '$map': {
        if (!Array.isArray(body)) throw new CodecError(`${tag} takes a list`, tagPath);
        const items = body as readonly PyJson[];
        if (tag === '$map') {
          items.forEach((pair, index) => {
            if (!Array.isArray(pair) || pair.length !== 2) throw new CodecError('each $map entry is a [key, value] pair', [...tagPath, index]);
            checkHashable(pair[0] as PyJson, [...tagPath, index, 0]);
          });
          const out = new Map<unknown, unknown>();
          this.name(ids, out);
          return { frame: new MapFrame(items as readonly (readonly PyJson[])[], out, tagPath, ids) };
        }
        if (tag === '$set') items.forEach((item, index) => checkHashable(item, [...tagPath, index]));
        this.name(ids, UNDER_CONSTRUCTION);
        return { frame: new BuiltListFrame(items, tag === '$tuple' ? buildTuple : buildSet, tagPath, ids) };
      }
      case '$literal':
      case '$nullProto': {
        const fields = entriesOf(body);
        if (fields === undefined) throw new CodecError(`${tag} takes an object`, tagPath);
        if (tag === '$nullProto' && fields.some(([key]) => isArrayIndexKey(key))) {
          throw new CodecError('$nullProto cannot hold array-index keys: an object reorders them', tagPath);
        }
        const out = tag === '$literal' ? emptyObjectFor(fields) : (Object.create(null) as Record<string, unknown>);
        this.name(ids, out);
        return { frame: new DictFrame(fields, out, tagPath, ids) };
      }
      case '$model':
      case '$object':
        return { frame: this.beginInstance(tag, body, companion('fields') ?? new Map(), path, ids) };
      case '$chain':
        return this.beginChain(body, tagPath, ids);
      case '$hole':
        if (!inList) throw new CodecError('$hole stands only for an item of a list', path);
        return { value: HOLE };
      case '$undefined':
        return leaf(undefined);
      case '$function': {
        if (typeof body !== 'string') throw new CodecError('$function takes a name', tagPath);
        return leaf({ [body]: () => undefined }[body]);
      }
      case '$symbol':
        if (typeof body !== 'string') throw new CodecError('$symbol takes a description', tagPath);
        return leaf(Symbol(body));
      case '$date':
        if (typeof body !== 'string') throw new CodecError('$date takes a date and time string', tagPath);
        return leaf(new Date(body));
      case '$typedArray':
        return leaf(this.typedArray(body, companion('values'), path));
      default:
        return { frame: new ToJsonFrame(body, tagPath, ids) };
    }
  }

  private lookUp(body: PyJson, path: DocPath): unknown {
    if (typeof body !== 'string' || !this.named.has(body)) {
      throw new CodecError(`$ref ${JSON.stringify(body)} names no $id defined before it`, path);
    }
    const value = this.named.get(body);
    if (value === UNDER_CONSTRUCTION) {
      throw new CodecError(`$ref '${body}' points into a tuple, set or model that contains it, which cannot be built`, path);
    }
    return value;
  }

  private beginInstance(tag: string, name: PyJson, fields: PyJson, path: DocPath, ids: readonly string[]): Frame {
    if (typeof name !== 'string' || name === '') throw new CodecError(`${tag} takes a class name`, [...path, tag]);
    const entries = entriesOf(fields);
    if (entries === undefined) throw new CodecError('fields takes an object', [...path, 'fields']);
    if (tag === '$object') {
      const instance = new (plainClass(name))();
      this.name(ids, instance);
      return new FieldsFrame(entries, instance, undefined, path, ids);
    }
    const factory = this.models.get(name);
    if (factory === undefined) throw new CodecError(`$model '${name}' is not a model of the case's declaration`, [...path, tag]);
    this.name(ids, UNDER_CONSTRUCTION);
    const build = (values: ReadonlyMap<string, unknown>): object => {
      try {
        return factory(values);
      } catch (error) {
        throw new CodecError(`the fields of $model ${name} do not validate: ${(error as Error).message}`, path);
      }
    };
    return new FieldsFrame(entries, undefined, build, path, ids);
  }

  private beginChain(body: PyJson, path: DocPath, ids: readonly string[]): Begun {
    const entries = entriesOf(body);
    const keys = entries?.map(([key]) => key).sort().join(',');
    if (entries === undefined || keys !== 'depth,key,leaf') throw new CodecError('$chain takes {depth, key, leaf}', path);
    const part = (name: string): PyJson => entries.find(([key]) => key === name)![1];
    const depth = part('depth');
    const key = part('key');
    if (typeof depth !== 'number' || !Number.isInteger(depth) || depth < 0) {
      throw new CodecError('$chain depth is an integer of at least 0', [...path, 'depth']);
    }
    if (key !== null && typeof key !== 'string') throw new CodecError('$chain key is a string, or null for lists', [...path, 'key']);
    if (depth === 0) return this.begin(part('leaf'), [...path, 'leaf'], ids, false);
    const make = (): unknown[] | Record<string, unknown> => (key === null ? [] : {});
    const top = make();
    let innermost = top;
    for (let level = 1; level < depth; level++) {
      const inner = make();
      if (key === null) (innermost as unknown[]).push(inner);
      else setOwn(innermost as Record<string, PyJson>, key, inner as PyJson);
      innermost = inner;
    }
    this.name(ids, top);
    return { frame: new ChainFrame(top, innermost, key, part('leaf'), path, ids) };
  }

  private typedArray(name: PyJson, values: PyJson | undefined, path: DocPath): unknown {
    if (typeof name !== 'string' || !Object.hasOwn(TYPED_ARRAYS, name)) {
      throw new CodecError(`$typedArray takes one of ${Object.keys(TYPED_ARRAYS).join(', ')}`, [...path, '$typedArray']);
    }
    const isNumber = (v: PyJson): v is number | bigint | PyFloat => typeof v === 'number' || typeof v === 'bigint' || v instanceof PyFloat;
    if (!Array.isArray(values) || !(values as readonly PyJson[]).every(isNumber)) {
      throw new CodecError('values takes a list of numbers', [...path, 'values']);
    }
    const kind = TYPED_ARRAYS[name as keyof typeof TYPED_ARRAYS];
    const numbers = (values as readonly (number | bigint | PyFloat)[]).map(numberValue);
    return kind === BigInt64Array || kind === BigUint64Array
      ? new kind(numbers.map((n) => BigInt(n)))
      : new (kind as Float64ArrayConstructor)(numbers);
  }
}

/**
 * The TypeScript value an encoded document stands for (DESIGN §3.2). The document is what
 * `parsePyJson` or `parseYaml` read (objects as Maps, floats as `PyFloat`). A JSON float becomes a
 * number, which cannot remember that it was a float; an object becomes a plain object, or a Map
 * when a plain object would reorder its keys. Throws `CodecError` for a malformed document.
 */
export const decodeValue = (document: PyJson, options: DecodeOptions = {}): unknown =>
  new Decoder(options.models ?? new Map()).run(document);
