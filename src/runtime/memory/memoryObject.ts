import { InvalidTypeError } from '../../errors.js';
import type { PyJson } from '../../json/pyJson.js';
import { pyStrOrder } from '../../python/pyStrOrder.js';
import { copyValue, ROOT, type MemoryNodes, type MemoryUpdate } from './memoryNodes.js';
import { MemoryRef } from './memoryRef.js';

/** What `getFields` gives for a field that is itself an object (upstream's marker). */
export const NESTED_OBJECT_MARK = 'NestedObject';

/** Where an object's writes go: checked, applied, and logged for the action's memory record. */
export interface MemoryWriter {
  readonly nodes: MemoryNodes;
  write(update: MemoryUpdate): void;
}

/**
 * A node of short-term or sensory memory (upstream `MemoryObject`): fields reached by a name or a
 * dotted path relative to this object; a field is a value or a nested object.
 */
export class MemoryObject {
  constructor(
    private readonly writer: MemoryWriter,
    /** This object's absolute path ("" for the root). */
    readonly prefix: string = ROOT,
  ) {}

  /** A value (a copy), a nested object, or undefined when the field does not exist. */
  get(pathOrRef: string | MemoryRef): PyJson | MemoryObject | undefined {
    const path = pathOrRef instanceof MemoryRef ? pathOrRef.path : this.fullPath(pathOrRef);
    const node = this.writer.nodes.node(path);
    if (node === undefined) return undefined;
    return node.kind === 'object' ? new MemoryObject(this.writer, path) : copyValue(node.value);
  }

  /** Sets a field to a JSON value, making missing objects on the way. */
  set(path: string, value: PyJson): MemoryRef {
    if ((value as unknown) instanceof MemoryObject) throw new InvalidTypeError('Do not set a MemoryObject instance directly; use new_object().', { code: 'MEMORY_OBJECT_SET' });
    const full = this.fullPath(path);
    this.writer.write({ op: 'set', path: full, value });
    const node = this.writer.nodes.node(full);
    return new MemoryRef(full, node?.kind === 'value' ? node.typeName : '');
  }

  /** Makes a nested object at the path (an existing value there is refused unless `overwrite`). */
  newObject(path: string, options: { overwrite?: boolean } = {}): MemoryObject {
    const full = this.fullPath(path);
    this.writer.write({ op: 'object', path: full, overwrite: options.overwrite ?? false });
    return new MemoryObject(this.writer, full);
  }

  isExist(path: string): boolean {
    return this.writer.nodes.has(this.fullPath(path));
  }

  /** The names of the direct fields, sorted. */
  getFieldNames(): string[] {
    const node = this.writer.nodes.node(this.prefix);
    return node?.kind === 'object' ? [...node.fields].sort(pyStrOrder) : [];
  }

  /** The direct fields: values, and `NestedObject` for an object. */
  getFields(): Map<string, PyJson> {
    const fields = new Map<string, PyJson>();
    for (const name of this.getFieldNames()) {
      const node = this.writer.nodes.node(this.fullPath(name));
      fields.set(name, node === undefined || node.kind === 'object' ? NESTED_OBJECT_MARK : copyValue(node.value));
    }
    return fields;
  }

  private fullPath(relative: string): string {
    if (relative === '') return this.prefix;
    return this.prefix === ROOT ? relative : `${this.prefix}.${relative}`;
  }
}
