import { PyFloat } from './pyJson.js';
import { TextSink } from './textSink.js';

/** How one writer spells what the walk meets: Python's `json.dumps` with one set of options. */
export interface JsonTextStyle {
  readonly itemSeparator: string;
  readonly keySeparator: string;
  /** The text of a scalar (a `PyFloat` included), or undefined for a value the writer refuses. */
  scalarText(value: unknown): string | undefined;
  /** The quoted text of a key (a Map's keys may be of any type). */
  keyText(key: unknown): string;
  /** Whether an object that is neither an array nor a Map is written as a JSON object. */
  isRecord(value: object): boolean;
  /** Whether a Map is written as a JSON object; else it is refused. */
  readonly writesMaps: boolean;
  /** The error for a value the writer cannot write. */
  refuse(value: unknown): Error;
  /** The error for a container re-entered on its own path, or undefined not to look for one. */
  readonly circular: (() => Error) | undefined;
}

/** The keys of an open array. */
const NO_KEYS = null;

/**
 * Writes a value as `json.dumps` does, in a loop rather than by recursion, in time proportional
 * to the text, however deep the value. `toJSON` is never called; keys go in the order of the Map
 * or object.
 *
 * A container stays on the stack only while it has items left to write: when the walk goes into
 * its last item, all that remains of it is its closing bracket, which goes on a stack of bits
 * (`]` or `}`). So a chain a million deep keeps a few words per level, not a frame, and the
 * closing brackets are written in one run when its leaf is written.
 *
 * A cycle is found without a set of the path (a set of a million nodes costs seconds): a
 * container entered at depth d is compared with the one open at depth 2^k - 1, the deepest such
 * depth above d. A cycle, once entered, repeats the same walk forever, so its containers recur
 * on the path with a fixed period, and a comparison meets one once 2^k passes both the depth
 * where the cycle starts and its period (Brent's method). It is found later than Python finds
 * it, but the walk in between repeats what was walked without error, so the first error is the
 * same.
 */
export const writeJsonText = (root: unknown, style: JsonTextStyle): string => new JsonTextWalk(style).write(root);

/** Bits of pending closing brackets kept in one small integer of the bit stack. */
const WORD_BITS = 30;

/** One walk's state: a class, so that a call makes one object, not a closure per helper. */
class JsonTextWalk {
  private readonly sink = new TextSink();
  // The containers with items left, five slots each: the container (a Map's values), its keys
  // (null for an array), the position of its next item, its number of items, and how many
  // closing brackets were pending when it was opened (those close after it).
  private readonly frames: unknown[] = [];
  // The pending closing brackets, one bit each (1 for `}`), innermost last.
  private readonly closers: number[] = [];
  private closing = 0;
  // Cycle anchors: anchors[k] is the container open at depth 2^k - 1.
  private readonly anchors: unknown[] = [];
  // A deep value repeats its keys: the text of the last string key is kept.
  private lastKey: string | undefined = undefined;
  private lastKeyText = '';
  // The first item of the container `open` opened.
  private child: unknown = undefined;

  constructor(private readonly style: JsonTextStyle) {}

  write(root: unknown): string {
    const { frames, sink } = this;
    const itemSeparator = this.style.itemSeparator;
    let value = root;
    for (;;) {
      if (this.open(value)) {
        value = this.child;
        continue;
      }
      // The value is written: close what it ended, and go on with the next item of the
      // innermost container that has one.
      const top = frames.length - 5;
      if (top < 0) {
        this.putClosers(0);
        return sink.text();
      }
      this.putClosers(frames[top + 4] as number);
      const node = frames[top] as object;
      const keys = frames[top + 1] as readonly unknown[] | null;
      const position = frames[top + 2] as number;
      if (position + 1 === frames[top + 3]) {
        // Its last item: the container leaves the stack, its closing bracket stays pending.
        frames.length = top;
        this.pushCloser(keys !== NO_KEYS);
      } else {
        frames[top + 2] = position + 1;
      }
      sink.put(itemSeparator);
      if (keys === NO_KEYS) {
        value = (node as readonly unknown[])[position];
      } else {
        const key = keys[position];
        this.putKey(key);
        value = Array.isArray(node) ? node[position] : (node as Record<string, unknown>)[key as string];
      }
    }
  }

  // Writes a scalar or an empty container and returns false, or opens a container, writes up to
  // its first item, puts that item in `child` and returns true.
  private open(value: unknown): boolean {
    const { sink, style } = this;
    if (typeof value !== 'object' || value === null || value instanceof PyFloat) {
      const text = style.scalarText(value);
      if (text === undefined) throw style.refuse(value);
      sink.put(text);
      return false;
    }
    if (Array.isArray(value)) {
      if (value.length === 0) {
        sink.put('[]');
        return false;
      }
      this.enter(value, value, NO_KEYS, value.length);
      sink.putCode(0x5b);
      this.child = value[0];
      return true;
    }
    let node: object;
    let keys: readonly unknown[];
    if (value instanceof Map) {
      if (!style.writesMaps) throw style.refuse(value);
      // Entries are read once, so that the keys and values stay paired as written.
      node = [...(value as Map<unknown, unknown>).values()];
      keys = [...(value as Map<unknown, unknown>).keys()];
    } else if (style.isRecord(value)) {
      node = value;
      keys = Object.keys(value);
    } else {
      throw style.refuse(value);
    }
    if (keys.length === 0) {
      sink.put('{}');
      return false;
    }
    this.enter(value, node, keys, keys.length);
    sink.putCode(0x7b);
    this.putKey(keys[0]);
    this.child = Array.isArray(node) ? node[0] : (node as Record<string, unknown>)[keys[0] as string];
    return true;
  }

  // Goes into a container of `length` items: keeps it on the stack if it has more than one.
  private enter(value: object, node: object, keys: readonly unknown[] | null, length: number): void {
    const circular = this.style.circular;
    if (circular !== undefined) {
      const depth = this.frames.length / 5 + this.closing;
      if (depth > 0 && value === this.anchors[31 - Math.clz32(depth)]) throw circular();
      if ((depth & (depth + 1)) === 0) this.anchors[31 - Math.clz32(depth + 1)] = value;
    }
    if (length === 1) this.pushCloser(keys !== NO_KEYS);
    else this.frames.push(node, keys, 1, length, this.closing);
  }

  private putKey(key: unknown): void {
    if (typeof key !== 'string' || key !== this.lastKey) {
      const text = this.style.keyText(key) + this.style.keySeparator;
      if (typeof key !== 'string') {
        this.sink.put(text);
        return;
      }
      this.lastKey = key;
      this.lastKeyText = text;
    }
    this.sink.put(this.lastKeyText);
  }

  private pushCloser(isObject: boolean): void {
    const word = Math.floor(this.closing / WORD_BITS);
    const bit = 1 << this.closing % WORD_BITS;
    const bits = word < this.closers.length ? this.closers[word]! : 0;
    this.closers[word] = isObject ? bits | bit : bits & ~bit;
    this.closing++;
  }

  private putClosers(down: number): void {
    const { closers, sink } = this;
    while (this.closing > down) {
      const at = --this.closing;
      sink.putCode((closers[Math.floor(at / WORD_BITS)]! >>> at % WORD_BITS) & 1 ? 0x7d : 0x5d);
    }
  }
}
