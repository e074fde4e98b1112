import type { ErrorCode } from '../errors.js';
import { isPlainObject, numberValue, objectEntries, PyFloat, type PyJson, type PyJsonObject } from '../json/pyJson.js';
import { quote, show } from '../types/declarationTree.js';
import { childPointer } from '../json/jsonPointer.js';
import { PlanReadError } from './planReadError.js';

const isObject = (value: PyJson): value is PyJsonObject => value instanceof Map || isPlainObject(value);

/** A value read from a plan, with the pointer every error about it is reported at. */
export class JsonNode {
  constructor(
    readonly value: PyJson,
    readonly pointer: string,
  ) {}

  fail(code: ErrorCode, message: string): never {
    throw new PlanReadError(message, this.pointer, { code });
  }

  private expect(what: string): never {
    return this.fail('PLAN_EXPECTED_TYPE', `expected ${what}, got ${show(this.value)}`);
  }

  get isNull(): boolean {
    return this.value === null;
  }

  asObject(): ObjectNode {
    return isObject(this.value) ? new ObjectNode(this.value, this.pointer) : this.expect('an object');
  }

  asArray(): JsonNode[] {
    if (!Array.isArray(this.value)) return this.expect('an array');
    return (this.value as readonly PyJson[]).map((item, index) => new JsonNode(item, childPointer(this.pointer, index)));
  }

  asString(): string {
    return typeof this.value === 'string' ? this.value : this.expect('a string');
  }

  asBoolean(): boolean {
    return typeof this.value === 'boolean' ? this.value : this.expect('a boolean');
  }

  /** A number (an int or a float) as a JavaScript number. */
  asNumber(): number {
    const { value } = this;
    return typeof value === 'number' || typeof value === 'bigint' || value instanceof PyFloat ? numberValue(value) : this.expect('a number');
  }

  asStringArray(): string[] {
    return this.asArray().map((item) => item.asString());
  }
}

/** An object read from a plan: its keys in written order, with checked access to each. */
export class ObjectNode {
  readonly entries: ReadonlyMap<string, PyJson>;

  constructor(
    value: PyJsonObject,
    readonly pointer: string,
  ) {
    this.entries = value instanceof Map ? value : new Map(objectEntries(value));
  }

  get keys(): string[] {
    return [...this.entries.keys()];
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  required(key: string): JsonNode {
    if (!this.entries.has(key)) throw new PlanReadError(`missing required key ${quote(key)}`, childPointer(this.pointer, key), { code: 'PLAN_MISSING_KEY' });
    return new JsonNode(this.entries.get(key)!, childPointer(this.pointer, key));
  }

  optional(key: string): JsonNode | undefined {
    return this.entries.has(key) ? this.required(key) : undefined;
  }

  /** Refuses a key the format does not define, so that a misspelt key is not silently lost. */
  allowOnly(allowed: readonly string[]): this {
    for (const key of this.entries.keys()) {
      if (!allowed.includes(key)) throw new PlanReadError(`unknown key ${quote(key)}`, childPointer(this.pointer, key), { code: 'PLAN_UNKNOWN_KEY' });
    }
    return this;
  }

  /** Each member as a node, in written order. */
  members(): [string, JsonNode][] {
    return this.keys.map((key) => [key, this.required(key)]);
  }
}
