/**
 * The frames of the value decoder: one per container of the document being decoded. A frame that
 * can create its container before its children (list, object, map, plain instance, chain) does
 * so, so that a `$ref` inside it can point back at it: that is how cycles are written. A tuple, a
 * set or a model is built from its finished children, as Python must build it.
 */
import { asPyTuple } from '../../src/types/validate/pyTuple.js';
import { isPlainObject, type PyJson } from '../../src/json/pyJson.js';
import { isArrayIndexKey, setOwn } from '../../src/actions/normalize/jsonObjects.js';
import { CodecError, step, type PathLink } from './codecError.js';
import { equalityKey } from './codecScalars.js';

export type Entries = readonly (readonly [string, PyJson])[];

/** What a `$ref` finds while the tuple, set or model it names is still being built. */
export const UNDER_CONSTRUCTION = Symbol('under construction');
/** What `$hole` decodes to: the list that receives it grows without an item. */
export const HOLE = Symbol('hole');
/** What `nextChild` gives when a frame has no child left. */
export const END = Symbol('end');
/** The `$id` names of a node that has none, shared. */
export const NO_IDS: readonly string[] = [];

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

/**
 * One container being decoded: its children come one by one, then `finish` gives the value.
 * `link` is where the container stands; `childLink` where the child given last does.
 */
export abstract class Frame {
  /** Whether its children are list items (the only place a `$hole` may stand). */
  holdsItems = false;
  constructor(
    readonly link: PathLink | undefined,
    readonly ids: readonly string[],
  ) {}
  abstract nextChild(): PyJson | typeof END;
  abstract childLink(): PathLink | undefined;
  abstract accept(value: unknown): void;
  abstract finish(): unknown;
}

export class ListFrame extends Frame {
  override holdsItems = true;
  private index = 0;
  constructor(
    private readonly items: readonly PyJson[],
    protected readonly out: unknown[],
    link: PathLink | undefined,
    ids: readonly string[],
  ) {
    super(link, ids);
  }
  nextChild(): PyJson | typeof END {
    return this.index === this.items.length ? END : this.items[this.index++]!;
  }
  childLink(): PathLink {
    return step(this.link, this.index - 1);
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
    private readonly build: (items: unknown[], at: PathLink | undefined) => unknown,
    link: PathLink | undefined,
    ids: readonly string[],
  ) {
    super(items, [], link, ids);
    this.holdsItems = build === buildTuple;
  }
  override finish(): unknown {
    return this.build(this.out, this.link);
  }
}

/** An object whose keys are taken as written: a plain object, `$literal` or `$nullProto`. */
export class DictFrame extends Frame {
  private index = 0;
  constructor(
    private readonly entries: Entries,
    private readonly out: Map<string, unknown> | Record<string, unknown>,
    link: PathLink | undefined,
    ids: readonly string[],
  ) {
    super(link, ids);
  }
  nextChild(): PyJson | typeof END {
    return this.index === this.entries.length ? END : this.entries[this.index++]![1];
  }
  childLink(): PathLink {
    return step(this.link, this.entries[this.index - 1]![0]);
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
  private position = 0;
  private key: unknown;
  private readonly seen = new Set<string>();
  constructor(
    private readonly pairs: readonly (readonly PyJson[])[],
    private readonly out: Map<unknown, unknown>,
    link: PathLink | undefined,
    ids: readonly string[],
  ) {
    super(link, ids);
  }
  nextChild(): PyJson | typeof END {
    if (this.position === 2 * this.pairs.length) return END;
    const index = this.position++;
    return this.pairs[index >> 1]![index & 1]!;
  }
  childLink(): PathLink {
    const index = this.position - 1;
    return step(step(this.link, index >> 1), index & 1);
  }
  accept(value: unknown): void {
    if (this.position % 2 === 1) {
      const at = this.childLink();
      const key = equalityKey(value, at);
      if (this.seen.has(key)) throw new CodecError('this key equals an earlier key of the same $map in Python', at);
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
    link: PathLink | undefined,
    ids: readonly string[],
  ) {
    super(link, ids);
  }
  nextChild(): PyJson | typeof END {
    return this.index === this.fields.length ? END : this.fields[this.index++]![1];
  }
  childLink(): PathLink {
    return step(step(this.link, 'fields'), this.fields[this.index - 1]![0]);
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
    link: PathLink | undefined,
    ids: readonly string[],
  ) {
    super(link, ids);
    this.holdsItems = key === null;
    this.leaf = leaf;
  }
  nextChild(): PyJson | typeof END {
    if (this.leaf === undefined) return END;
    const leaf = this.leaf;
    this.leaf = undefined;
    return leaf;
  }
  childLink(): PathLink {
    return step(this.link, 'leaf');
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
  constructor(body: PyJson, link: PathLink | undefined, ids: readonly string[]) {
    super(link, ids);
    this.body = body;
    const returns = (): unknown => this.returns;
    this.out = { toJSON: returns };
  }
  nextChild(): PyJson | typeof END {
    if (this.body === undefined) return END;
    const body = this.body;
    this.body = undefined;
    return body;
  }
  childLink(): PathLink | undefined {
    return this.link;
  }
  accept(value: unknown): void {
    this.returns = value;
  }
  finish(): unknown {
    return this.out;
  }
}

export const buildTuple = (items: unknown[]): unknown => asPyTuple(items);

export const buildSet = (items: unknown[], link: PathLink | undefined): unknown => {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const key = equalityKey(item, step(link, index));
    if (seen.has(key)) throw new CodecError('this member equals an earlier member of the same $set in Python', step(link, index));
    seen.add(key);
  });
  return new Set(items);
};

