import type { PyJson } from '../../src/json/pyJson.js';
import { PyFloat, numberValue } from '../../src/json/pyJson.js';
import { isArrayIndexKey, setOwn } from '../../src/actions/normalize/jsonObjects.js';
import { CodecError, step, type PathLink } from './codecError.js';
import { checkHashable, decodeBytes, decodeFloat, decodeInt } from './codecScalars.js';
import {
  BuiltListFrame,
  ChainFrame,
  DictFrame,
  END,
  FieldsFrame,
  type Frame,
  HOLE,
  ListFrame,
  MapFrame,
  NO_IDS,
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

class Decoder {
  private readonly named = new Map<string, unknown>();
  /** The value of the node `begin` decoded at once (when it opened no frame). */
  private scalar: unknown;
  constructor(private readonly models: ReadonlyMap<string, ModelFactory>) {}

  run(document: PyJson): unknown {
    const first = this.begin(document, undefined, NO_IDS, false);
    if (first === undefined) return this.scalar;
    const stack: Frame[] = [first];
    for (;;) {
      const top = stack[stack.length - 1]!;
      const child = top.nextChild();
      if (child !== END) {
        const frame = this.begin(child, top.childLink(), NO_IDS, top.holdsItems);
        if (frame !== undefined) stack.push(frame);
        else top.accept(this.scalar);
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

  /** A node decoded at once: its value is left in `scalar`. */
  private leaf(ids: readonly string[], value: unknown): undefined {
    this.name(ids, value);
    this.scalar = value;
    return undefined;
  }

  /**
   * Decodes a scalar at once (into `scalar`, giving undefined), or opens the frame of a
   * container; `$id` wrappers name what is inside. `link` is where the node stands.
   */
  private begin(node: PyJson, link: PathLink | undefined, ids: readonly string[], inList: boolean): Frame | undefined {
    for (;;) {
      if (Array.isArray(node)) {
        const out: unknown[] = [];
        this.name(ids, out);
        return new ListFrame(node as readonly PyJson[], out, link, ids);
      }
      const entries = entriesOf(node);
      if (entries === undefined) {
        if (node === null || typeof node !== 'object') return this.leaf(ids, node);
        // A JSON float: TypeScript holds it as a number, which cannot say it was one.
        if (node instanceof PyFloat) return this.leaf(ids, node.value);
        throw new CodecError(`${String(node)} is not part of the encoding`, link);
      }
      let tag: string | undefined;
      let tags = 0;
      for (const [key] of entries) {
        if (key.startsWith('$')) {
          tag ??= key;
          tags++;
        }
      }
      if (tag === undefined) {
        const out = emptyObjectFor(entries);
        this.name(ids, out);
        return new DictFrame(entries, out, link, ids);
      }
      this.checkTag(entries, tag, tags, link);
      const body = entries.find(([key]) => key === tag)![1];
      if (tag !== '$id') return this.beginTagged(tag, body, entries, link, ids, inList);
      if (typeof body !== 'string' || body === '') throw new CodecError('$id takes a non-empty string', link);
      if (this.named.has(body) || ids.includes(body)) throw new CodecError(`$id '${body}' is defined twice`, link);
      const value = entries.find(([key]) => key === 'value');
      if (value === undefined) throw new CodecError('$id needs a value', link);
      ids = [...ids, body];
      node = value[1];
      link = step(link, 'value');
    }
  }

  /** Refuses a node with several tags, an unknown tag, or keys its tag does not take. */
  private checkTag(entries: Entries, tag: string, tags: number, link: PathLink | undefined): void {
    if (tags > 1) {
      const all = entries.map(([key]) => key).filter((key) => key.startsWith('$'));
      throw new CodecError(`an encoding has one $ key, found ${all.join(', ')}`, link);
    }
    const companions = COMPANIONS.get(tag);
    if (companions === undefined) throw new CodecError(`unknown tag ${tag} (write a literal object with $literal)`, link);
    if (entries.length === 1) return;
    const extra = entries.map(([key]) => key).filter((key) => key !== tag && !companions.includes(key)).sort();
    if (extra.length > 0) throw new CodecError(`${tag} does not take ${extra.join(', ')}`, link);
  }

  private beginTagged(tag: string, body: PyJson, entries: Entries, link: PathLink | undefined, ids: readonly string[], inList: boolean): Frame | undefined {
    const tagLink = step(link, tag);
    switch (tag) {
      case '$float':
        return this.leaf(ids, decodeFloat(body, tagLink));
      case '$int':
        return this.leaf(ids, decodeInt(body, tagLink));
      case '$bytes':
        return this.leaf(ids, decodeBytes(body, tagLink));
      case '$ref':
        return this.leaf(ids, this.lookUp(body, tagLink));
      case '$tuple':
      case '$set':
      case '$map': {
        if (!Array.isArray(body)) throw new CodecError(`${tag} takes a list`, tagLink);
        const items = body as readonly PyJson[];
        if (tag === '$map') {
          items.forEach((pair, index) => {
            if (!Array.isArray(pair) || pair.length !== 2) throw new CodecError('each $map entry is a [key, value] pair', step(tagLink, index));
            checkHashable(pair[0] as PyJson, step(step(tagLink, index), 0));
          });
          const out = new Map<unknown, unknown>();
          this.name(ids, out);
          return new MapFrame(items as readonly (readonly PyJson[])[], out, tagLink, ids);
        }
        if (tag === '$set') items.forEach((item, index) => checkHashable(item, step(tagLink, index)));
        this.name(ids, UNDER_CONSTRUCTION);
        return new BuiltListFrame(items, tag === '$tuple' ? buildTuple : buildSet, tagLink, ids);
      }
      case '$literal':
      case '$nullProto': {
        const fields = entriesOf(body);
        if (fields === undefined) throw new CodecError(`${tag} takes an object`, tagLink);
        if (tag === '$nullProto' && fields.some(([key]) => isArrayIndexKey(key))) {
          throw new CodecError('$nullProto cannot hold array-index keys: an object reorders them', tagLink);
        }
        const out = tag === '$literal' ? emptyObjectFor(fields) : (Object.create(null) as Record<string, unknown>);
        this.name(ids, out);
        return new DictFrame(fields, out, tagLink, ids);
      }
      case '$model':
      case '$object':
        return this.beginInstance(tag, body, entries.find(([key]) => key === 'fields')?.[1] ?? new Map(), link, ids);
      case '$chain':
        return this.beginChain(body, tagLink, ids);
      case '$hole':
        if (!inList) throw new CodecError('$hole stands only for an item of a list', link);
        this.scalar = HOLE;
        return undefined;
      case '$undefined':
        return this.leaf(ids, undefined);
      case '$function': {
        if (typeof body !== 'string') throw new CodecError('$function takes a name', tagLink);
        return this.leaf(ids, { [body]: () => undefined }[body]);
      }
      case '$symbol':
        if (typeof body !== 'string') throw new CodecError('$symbol takes a description', tagLink);
        return this.leaf(ids, Symbol(body));
      case '$date':
        if (typeof body !== 'string') throw new CodecError('$date takes a date and time string', tagLink);
        return this.leaf(ids, new Date(body));
      case '$typedArray':
        return this.leaf(ids, this.typedArray(body, entries.find(([key]) => key === 'values')?.[1], link));
      default:
        return new ToJsonFrame(body, tagLink, ids);
    }
  }

  private lookUp(body: PyJson, at: PathLink): unknown {
    if (typeof body !== 'string' || !this.named.has(body)) {
      throw new CodecError(`$ref ${JSON.stringify(body)} names no $id defined before it`, at);
    }
    const value = this.named.get(body);
    if (value === UNDER_CONSTRUCTION) {
      throw new CodecError(`$ref '${body}' points into a tuple, set or model that contains it, which cannot be built`, at);
    }
    return value;
  }

  private beginInstance(tag: string, name: PyJson, fields: PyJson, link: PathLink | undefined, ids: readonly string[]): Frame {
    if (typeof name !== 'string' || name === '') throw new CodecError(`${tag} takes a class name`, step(link, tag));
    const entries = entriesOf(fields);
    if (entries === undefined) throw new CodecError('fields takes an object', step(link, 'fields'));
    if (tag === '$object') {
      const instance = new (plainClass(name))();
      this.name(ids, instance);
      return new FieldsFrame(entries, instance, undefined, link, ids);
    }
    const factory = this.models.get(name);
    if (factory === undefined) throw new CodecError(`$model '${name}' is not a model of the case's declaration`, step(link, tag));
    this.name(ids, UNDER_CONSTRUCTION);
    const build = (values: ReadonlyMap<string, unknown>): object => {
      try {
        return factory(values);
      } catch (error) {
        throw new CodecError(`the fields of $model ${name} do not validate: ${(error as Error).message}`, link);
      }
    };
    return new FieldsFrame(entries, undefined, build, link, ids);
  }

  private beginChain(body: PyJson, link: PathLink, ids: readonly string[]): Frame | undefined {
    const entries = entriesOf(body);
    const keys = entries?.map(([key]) => key).sort().join(',');
    if (entries === undefined || keys !== 'depth,key,leaf') throw new CodecError('$chain takes {depth, key, leaf}', link);
    const part = (name: string): PyJson => entries.find(([key]) => key === name)![1];
    const depth = part('depth');
    const key = part('key');
    if (typeof depth !== 'number' || !Number.isInteger(depth) || depth < 0) {
      throw new CodecError('$chain depth is an integer of at least 0', step(link, 'depth'));
    }
    if (key !== null && typeof key !== 'string') throw new CodecError('$chain key is a string, or null for lists', step(link, 'key'));
    if (depth === 0) return this.begin(part('leaf'), step(link, 'leaf'), ids, false);
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
    return new ChainFrame(top, innermost, key, part('leaf'), link, ids);
  }

  private typedArray(name: PyJson, values: PyJson | undefined, link: PathLink | undefined): unknown {
    if (typeof name !== 'string' || !Object.hasOwn(TYPED_ARRAYS, name)) {
      throw new CodecError(`$typedArray takes one of ${Object.keys(TYPED_ARRAYS).join(', ')}`, step(link, '$typedArray'));
    }
    const isNumber = (v: PyJson): v is number | bigint | PyFloat => typeof v === 'number' || typeof v === 'bigint' || v instanceof PyFloat;
    if (!Array.isArray(values) || !(values as readonly PyJson[]).every(isNumber)) {
      throw new CodecError('values takes a list of numbers', step(link, 'values'));
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
