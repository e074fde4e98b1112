import { PyFloat, type PyJson } from '../../json/pyJson.js';
import { HOLE, describeValue } from './describeValue.js';
import { isPlainRecord, objectFromEntries, setOwn } from './jsonObjects.js';
import { RESULT_ROOT, cycleDetected, keyNotString, notFinite, unsupported } from './resultErrors.js';

/** An open container: where its items come from, what was made of them so far, how it was reached. */
abstract class Frame {
  index = 0;
  constructor(
    readonly node: object,
    readonly segment: string,
  ) {}
  /** Takes a finished child's copy under the key or at the index it came from. */
  abstract accept(value: PyJson): void;
  abstract finish(): PyJson;
}

class ArrayFrame extends Frame {
  readonly out: PyJson[] = [];
  constructor(
    readonly items: readonly unknown[],
    segment: string,
  ) {
    super(items, segment);
  }
  accept(value: PyJson): void {
    this.out.push(value);
  }
  finish(): PyJson {
    return this.out;
  }
}

class RecordFrame extends Frame {
  readonly out: Record<string, PyJson> = {};
  readonly keys: readonly string[];
  constructor(
    readonly record: Readonly<Record<string, unknown>>,
    segment: string,
  ) {
    super(record, segment);
    this.keys = Object.keys(record);
  }
  accept(value: PyJson): void {
    setOwn(this.out, this.keys[this.index - 1]!, value);
  }
  finish(): PyJson {
    return this.out;
  }
}

class MapFrame extends Frame {
  readonly out: [string, PyJson][] = [];
  readonly entries: readonly (readonly [unknown, unknown])[];
  constructor(map: ReadonlyMap<unknown, unknown>, segment: string) {
    super(map, segment);
    this.entries = [...map];
  }
  accept(value: PyJson): void {
    this.out.push([this.entries[this.index - 1]![0] as string, value]);
  }
  finish(): PyJson {
    return objectFromEntries(this.out);
  }
}

const open = (value: object, segment: string): Frame | undefined => {
  if (Array.isArray(value)) return new ArrayFrame(value, segment);
  if (value instanceof Map) return new MapFrame(value, segment);
  if (isPlainRecord(value)) return new RecordFrame(value, segment);
  return undefined;
};

/**
 * A fresh JSON-generic copy of a result, or the first problem found in walk order: entries and
 * items in order, depth first, a Map entry's key before its value (reference §5.1, and the
 * TypeScript rules of issue 3). It loops over a stack of open containers, so any finite depth is
 * walked. The open containers are the current path: re-entering one is a cycle, refused where it
 * re-enters; a node reached again off the path (a diamond) is copied again.
 *
 * Output: arrays; plain objects with own data keys (`__proto__` included), or a Map where a plain
 * object would reorder the keys; null, booleans, strings, finite numbers (`-0` kept), bigints,
 * finite `PyFloat`s. `toJSON` is never called.
 */
export const copyJsonGeneric = (raw: unknown): PyJson => {
  const frames: Frame[] = [];
  const onPath = new Set<object>();
  const path = (segment: string): string => RESULT_ROOT + frames.map((f) => f.segment).join('') + segment;

  // A leaf as it is, or a new frame for a container; throws for anything JSON has no form for.
  const visit = (value: unknown, segment: string): PyJson | Frame => {
    switch (typeof value) {
      case 'string':
      case 'boolean':
      case 'bigint':
        return value;
      case 'number':
        if (value - value !== 0) throw notFinite(path(segment));
        return value;
      case 'object': {
        if (value === null) return null;
        if (value instanceof PyFloat) {
          if (value.value - value.value !== 0) throw notFinite(path(segment));
          return value;
        }
        const frame = open(value, segment);
        if (frame === undefined) break;
        if (onPath.has(value)) throw cycleDetected(path(segment));
        onPath.add(value);
        return frame;
      }
      default:
        break;
    }
    throw unsupported(path(segment), describeValue(value));
  };

  // The next child of a frame, visited; undefined once the frame has no more.
  const next = (frame: Frame): PyJson | Frame | undefined => {
    if (frame instanceof ArrayFrame) {
      if (frame.index === frame.items.length) return undefined;
      const index = frame.index++;
      if (!(index in frame.items)) throw unsupported(path(`[${index}]`), HOLE);
      return visit(frame.items[index], `[${index}]`);
    }
    if (frame instanceof RecordFrame) {
      if (frame.index === frame.keys.length) return undefined;
      const key = frame.keys[frame.index++]!;
      return visit(frame.record[key], `.${key}`);
    }
    const entries = (frame as MapFrame).entries;
    if (frame.index === entries.length) return undefined;
    const [key, value] = entries[frame.index++]!;
    if (typeof key !== 'string') throw keyNotString(path(''));
    return visit(value, `.${key}`);
  };

  const root = visit(raw, '');
  if (!(root instanceof Frame)) return root;
  frames.push(root);
  for (;;) {
    const frame = frames[frames.length - 1]!;
    const child = next(frame);
    if (child instanceof Frame) {
      frames.push(child);
    } else if (child !== undefined) {
      frame.accept(child);
    } else {
      frames.pop();
      onPath.delete(frame.node);
      const done = frame.finish();
      const parent = frames[frames.length - 1];
      if (parent === undefined) return done;
      parent.accept(done);
    }
  }
};
