/**
 * The frames of the value decoder: one per container of the document being decoded. A frame that
 * can create its container before its children (list, object, map, plain instance, chain) does
 * so, so that a `$ref` inside it can point back at it: that is how cycles are written. A tuple, a
 * set or a model is built from its finished children, as Python must build it.
 */
import { asPyTuple } from '../../src/types/validate/pyTuple.js';
import { isPlainObject, type PyJson } from '../../src/json/pyJson.js';
import { isArrayIndexKey, setOwn } from '../../src/actions/normalize/jsonObjects.js';
import { CodecError, type DocPath } from './codecError.js';
import { equalityKey } from './codecScalars.js';

export type Entries = readonly (readonly [string, PyJson])[];

/** What a `$ref` finds while the tuple, set or model it names is still being built. */
export const UNDER_CONSTRUCTION = Symbol('under construction');
/** What `$hole` decodes to: the list that receives it grows without an item. */
export const HOLE = Symbol('hole');

/** The entries of a document object (a Map when parsed losslessly, or a plain object). */
export const entriesOf = (node: PyJson): Entries | undefined => {
  if (node instanceof Map) return [...(node as ReadonlyMap<string, PyJson>)];
  if (isPlainObject(node)) return Object.entries(node as Record<string, PyJson>);
  return undefined;
};

/** A JSON object as TypeScript holds it: a plain object, or a Map when a plain object would reorder its keys. */
export const emptyObjectFor = (entries: Entries): Map<string, unknown> | Record<string, unknown> =>
  entries.some(([key]) => isArrayIndexKey(key)) ? new Map() : {};

const setEntry = (target: Map<string, unknown> | Record<string, unknown>, key: string, value: unknown): void => {
  if (target instanceof Map) target.set(key, value);
  else setOwn(target as Record<string, PyJson>, key, value as PyJson);
};

/** One container being decoded: its children come one by one, then `finish` gives the value. */
export abstract class Frame {
  /** Whether its children are list items (the only place a `$hole` may stand). */
  holdsItems = false;
  constructor(
    readonly path: DocPath,
    readonly ids: readonly string[],
  ) {}
  abstract nextChild(): readonly [PyJson, DocPath] | undefined;
  abstract accept(value: unknown): void;
  abstract finish(): unknown;
}

export class ListFrame extends Frame {
  override holdsItems = true;
  private index = 0;
  constructor(
    private readonly items: readonly PyJson[],
    protected readonly out: unknown[],
    path: DocPath,
    ids: readonly string[],
  ) {
    super(path, ids);
  }
  nextChild(): readonly [PyJson, DocPath] | undefined {
    if (this.index === this.items.length) return undefined;
    const index = this.index++;
    return [this.items[index]!, [...this.path, index]];
  }
  accept(value: unknown): void {
    if (value === HOLE) this.out.length += 1;
    else this.out.push(value);
  }
  finish(): unknown {
    return this.out;
  }
}

/** A tuple or a set: built from its finished items. */
export class BuiltListFrame extends ListFrame {
  constructor(
    items: readonly PyJson[],
    private readonly build: (items: unknown[], path: DocPath) => unknown,
    path: DocPath,
    ids: readonly string[],
  ) {
    super(items, [], path, ids);
    this.holdsItems = build === buildTuple;
  }
  override finish(): unknown {
    return this.build(this.out, this.path);
  }
}

/** An object whose keys are taken as written: a plain object, `$literal` or `$nullProto`. */
export class DictFrame extends Frame {
  private index = 0;
  constructor(
    private readonly entries: Entries,
    private readonly out: Map<string, unknown> | Record<string, unknown>,
    path: DocPath,
    ids: readonly string[],
  ) {
    super(path, ids);
  }
  nextChild(): readonly [PyJson, DocPath] | undefined {
    if (this.index === this.entries.length) return undefined;
    const [key, value] = this.entries[this.index++]!;
    return [value, [...this.path, key]];
  }
  accept(value: unknown): void {
    setEntry(this.out, this.entries[this.index - 1]![0], value);
  }
  finish(): unknown {
    return this.out;
  }
}

/** `{"$map": [[key, value], ...]}`: keys are decoded values too. */
export class MapFrame extends Frame {
  private step = 0;
  private key: unknown;
  private readonly seen = new Set<string>();
  constructor(
    private readonly pairs: readonly (readonly PyJson[])[],
    private readonly out: Map<unknown, unknown>,
    path: DocPath,
    ids: readonly string[],
  ) {
    super(path, ids);
  }
  nextChild(): readonly [PyJson, DocPath] | undefined {
    if (this.step === 2 * this.pairs.length) return undefined;
    const [index, side] = [Math.floor(this.step / 2), this.step % 2];
    this.step++;
    return [this.pairs[index]![side]!, [...this.path, index, side]];
  }
  accept(value: unknown): void {
    if (this.step % 2 === 1) {
      const path = [...this.path, (this.step - 1) / 2, 0];
      const key = equalityKey(value, path);
      if (this.seen.has(key)) throw new CodecError('this key equals an earlier key of the same $map in Python', path);
      this.seen.add(key);
      this.key = value;
    } else {
      this.out.set(this.key, value);
    }
  }
  finish(): unknown {
    return this.out;
  }
}

/** `$model` (built from its finished fields) or `$object` (created first, fields set after). */
export class FieldsFrame extends Frame {
  private index = 0;
  private readonly values = new Map<string, unknown>();
  constructor(
    private readonly fields: Entries,
    private readonly instance: object | undefined,
    private readonly build: ((values: ReadonlyMap<string, unknown>) => object) | undefined,
    path: DocPath,
    ids: readonly string[],
  ) {
    super(path, ids);
  }
  nextChild(): readonly [PyJson, DocPath] | undefined {
    if (this.index === this.fields.length) return undefined;
    const [key, value] = this.fields[this.index++]!;
    return [value, [...this.path, 'fields', key]];
  }
  accept(value: unknown): void {
    const key = this.fields[this.index - 1]![0];
    if (this.instance === undefined) this.values.set(key, value);
    else Object.defineProperty(this.instance, key, { value, writable: true, enumerable: true, configurable: true });
  }
  finish(): unknown {
    return this.instance ?? this.build!(this.values);
  }
}

/** `$chain`: the nested containers exist before the leaf, so the leaf may refer to them. */
export class ChainFrame extends Frame {
  private leaf: PyJson | undefined;
  constructor(
    private readonly top: object,
    private readonly innermost: unknown[] | Record<string, unknown>,
    private readonly key: string | null,
    leaf: PyJson,
    path: DocPath,
    ids: readonly string[],
  ) {
    super(path, ids);
    this.holdsItems = key === null;
    this.leaf = leaf;
  }
  nextChild(): readonly [PyJson, DocPath] | undefined {
    if (this.leaf === undefined) return undefined;
    const leaf = this.leaf;
    this.leaf = undefined;
    return [leaf, [...this.path, 'leaf']];
  }
  accept(value: unknown): void {
    if (this.key === null) {
      const items = this.innermost as unknown[];
      if (value === HOLE) items.length += 1;
      else items.push(value);
    } else {
      setOwn(this.innermost as Record<string, PyJson>, this.key, value as PyJson);
    }
  }
  finish(): unknown {
    return this.top;
  }
}

/** `$toJSON`: an object whose own `toJSON` method returns the decoded value. */
export class ToJsonFrame extends Frame {
  private body: PyJson | undefined;
  private returns: unknown;
  private readonly out: object;
  constructor(body: PyJson, path: DocPath, ids: readonly string[]) {
    super(path, ids);
    this.body = body;
    const returns = (): unknown => this.returns;
    this.out = { toJSON: returns };
  }
  nextChild(): readonly [PyJson, DocPath] | undefined {
    if (this.body === undefined) return undefined;
    const body = this.body;
    this.body = undefined;
    return [body, this.path];
  }
  accept(value: unknown): void {
    this.returns = value;
  }
  finish(): unknown {
    return this.out;
  }
}

export const buildTuple = (items: unknown[]): unknown => asPyTuple(items);

export const buildSet = (items: unknown[], path: DocPath): unknown => {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const key = equalityKey(item, [...path, index]);
    if (seen.has(key)) throw new CodecError('this member equals an earlier member of the same $set in Python', [...path, index]);
    seen.add(key);
  });
  return new Set(items);
};

