import { InvalidTypeError, InvalidValueError } from '../../errors.js';
import { isPlainObject, PyFloat, type PyJson } from '../../json/pyJson.js';
import { pyTypeName } from '../../python/pyTypeName.js';

/** An object node: the names of its direct fields. */
export interface ObjectNode {
  readonly kind: 'object';
  readonly fields: Set<string>;
}

/** A value node: a copy of the value set, and the Python name of its type. */
export interface ValueNode {
  readonly kind: 'value';
  readonly value: PyJson;
  readonly typeName: string;
}

export type MemoryNode = ObjectNode | ValueNode;

/** One write, as it is recorded and replayed: a value set at a path, or an object made at one. */
export type MemoryUpdate =
  | { readonly op: 'set'; readonly path: string; readonly value: PyJson }
  | { readonly op: 'object'; readonly path: string; readonly overwrite: boolean };

export const ROOT = '';
const SEPARATOR = '.';

const objectNode = (): ObjectNode => ({ kind: 'object', fields: new Set() });

/** A JSON value copied, so that what memory keeps never aliases what an action holds. */
export const copyValue = (value: PyJson): PyJson => {
  if (Array.isArray(value)) return value.map(copyValue);
  if (value instanceof Map) return new Map([...value].map(([k, v]) => [k, copyValue(v as PyJson)]));
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copyValue(v as PyJson)]));
  return value;
};

// Only what both runtimes keep as checkpoint-stable JSON: upstream's Python memory refuses the rest with a TypeError.
const checkValue = (value: unknown, path: string): void => {
  if (value === null || ['boolean', 'string', 'number', 'bigint'].includes(typeof value) || value instanceof PyFloat) return;
  if (Array.isArray(value)) return value.forEach((item) => checkValue(item, path));
  if (value instanceof Map) {
    for (const [key, item] of value) {
      if (typeof key !== 'string') throw refused(key, path);
      checkValue(item, path);
    }
    return;
  }
  if (isPlainObject(value)) return Object.values(value).forEach((item) => checkValue(item, path));
  throw refused(value, path);
};

const refused = (value: unknown, path: string): InvalidTypeError =>
  new InvalidTypeError(
    `Memory cannot keep a value of type ${pyTypeName(value)} at '${path}': use None, bool, int, float, str, list or dict with str keys.`,
    { code: 'MEMORY_VALUE_TYPE' },
  );

const parentOf = (parts: readonly string[]): string => (parts.length > 1 ? parts.slice(0, -1).join(SEPARATOR) : ROOT);

/**
 * The flattened store behind one memory (upstream's local memory object): every node under its
 * absolute dotted path, the root under "". Writes go through `apply`, so that a write made by an
 * action and the same write replayed from its record change the store alike.
 */
export class MemoryNodes {
  private readonly nodes: Map<string, MemoryNode>;

  constructor(nodes?: Map<string, MemoryNode>) {
    this.nodes = nodes ?? new Map([[ROOT, objectNode()]]);
  }

  /** An independent copy: object nodes are copied, values are already private copies. */
  clone(): MemoryNodes {
    return new MemoryNodes(
      new Map([...this.nodes].map(([path, node]) => [path, node.kind === 'object' ? { kind: 'object', fields: new Set(node.fields) } : node])),
    );
  }

  node(path: string): MemoryNode | undefined {
    return this.nodes.get(path);
  }

  has(path: string): boolean {
    return this.nodes.has(path);
  }

  /** Validates an update before it is applied; a refused one changes nothing. */
  check(update: MemoryUpdate): void {
    if (update.op === 'set') {
      checkValue(update.value, update.path);
      if (this.nodes.get(update.path)?.kind === 'object') {
        throw new InvalidValueError(`Cannot overwrite object field '${update.path}' with primitive.`, { code: 'MEMORY_OVERWRITE_OBJECT' });
      }
    } else if (this.nodes.get(update.path)?.kind === 'value' && !update.overwrite) {
      throw new InvalidValueError(`Field '${update.path}' exists but is not object.`, { code: 'MEMORY_FIELD_NOT_OBJECT' });
    }
  }

  apply(update: MemoryUpdate): void {
    const parts = update.path.split(SEPARATOR);
    this.fillParents(parts);
    this.ensureObject(parentOf(parts)).fields.add(parts[parts.length - 1]!);
    if (update.op === 'set') {
      this.nodes.set(update.path, { kind: 'value', value: copyValue(update.value), typeName: pyTypeName(update.value) });
    } else {
      this.nodes.set(update.path, objectNode());
    }
  }

  // Missing intermediate objects are made; a value in the way becomes an object, as upstream does.
  private fillParents(parts: readonly string[]): void {
    for (let i = 1; i < parts.length; i += 1) {
      this.ensureObject(parts.slice(0, i).join(SEPARATOR));
      this.ensureObject(parentOf(parts.slice(0, i))).fields.add(parts[i - 1]!);
    }
  }

  private ensureObject(path: string): ObjectNode {
    const found = this.nodes.get(path);
    if (found?.kind === 'object') return found;
    const made = objectNode();
    this.nodes.set(path, made);
    return made;
  }
}
