import { DeclarationError, type ErrorCode } from '../errors.js';
import { formatPyFloat } from '../python/formatPyFloat.js';
import { PyFloat, isPlainObject, type PyJson, type PyJsonObject } from '../json/pyJson.js';
import { writePyString } from '../json/writePyJson.js';

/**
 * Reading a lossless JSON tree (Maps from the parsers, or plain objects) while validating a
 * declaration. Every refusal is a `DeclarationError` whose `path` is the JSON path of the node.
 */

export const isTreeObject = (value: unknown): value is PyJsonObject => value instanceof Map || isPlainObject(value);

export const isTreeArray = (value: unknown): value is readonly PyJson[] => Array.isArray(value);

export const treeKeys = (node: PyJsonObject): string[] => (node instanceof Map ? [...node.keys()] : Object.keys(node));

export const treeGet = (node: PyJsonObject, key: string): PyJson | undefined => {
  if (node instanceof Map) return node.get(key);
  const plain = node as { readonly [key: string]: PyJson };
  return Object.hasOwn(plain, key) ? plain[key] : undefined;
};

/** A Python int: a whole `number` (not `-0`) or a `bigint`. Booleans are not ints here. */
export const isPyInt = (value: unknown): value is number | bigint =>
  typeof value === 'bigint' || (typeof value === 'number' && Number.isInteger(value) && !Object.is(value, -0));

/** A Python float: a `PyFloat`, or a `number` that is not a whole number. */
export const isPyFloatValue = (value: unknown): value is number | PyFloat =>
  value instanceof PyFloat || (typeof value === 'number' && !isPyInt(value));

/** A JSON scalar the declaration accepts as a literal, enum member or set element. */
export const isJsonScalar = (value: unknown): value is null | boolean | string | number | bigint | PyFloat =>
  value === null || typeof value === 'boolean' || typeof value === 'string' || isPyInt(value) || isPyFloatValue(value);

export const floatOf = (value: number | PyFloat): number => (value instanceof PyFloat ? value.value : value);

const IDENTIFIER_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `$.models[0]`, `$.models[0].fields`, `$.json_schema_extra["odd key"]`. */
export const childPath = (path: string, key: string | number): string =>
  typeof key === 'number' ? `${path}[${key}]` : IDENTIFIER_KEY.test(key) ? `${path}.${key}` : `${path}[${writePyString(key)}]`;

/** A string as Python's `json.dumps` quotes it. */
export const quote = (text: string): string => writePyString(text);

/** How a message names a value: scalars as `json.dumps` writes them, containers by kind. */
export const show = (value: unknown): string => {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'bigint') return value.toString();
  if (isPyInt(value)) return String(value);
  if (isPyFloatValue(value)) {
    const number = floatOf(value);
    if (Number.isNaN(number)) return 'NaN';
    if (!Number.isFinite(number)) return number > 0 ? 'Infinity' : '-Infinity';
    return formatPyFloat(number);
  }
  if (Array.isArray(value)) return 'an array';
  if (isTreeObject(value)) return 'an object';
  return 'an unsupported value';
};

/** What a refused declaration says, and the code of the failure. */
export interface Refusal {
  readonly code: ErrorCode;
  readonly message: string;
}

export const refusal = (code: ErrorCode, message: string): Refusal => ({ code, message });

export const fail = (path: string, { code, message }: Refusal): never => {
  throw new DeclarationError(message, { path, code });
};

export const expected = (what: string, value: unknown, path: string): never =>
  fail(path, refusal('DECLARATION_EXPECTED', `expected ${what}, got ${show(value)}`));

export const expectObject = (value: unknown, path: string): PyJsonObject =>
  isTreeObject(value) ? value : expected('an object', value, path);

export const expectArray = (value: unknown, path: string): readonly PyJson[] =>
  isTreeArray(value) ? value : expected('an array', value, path);

export const expectString = (value: unknown, path: string): string =>
  typeof value === 'string' ? value : expected('a string', value, path);

export const expectBoolean = (value: unknown, path: string): boolean =>
  typeof value === 'boolean' ? value : expected('a boolean', value, path);

export const expectOneOf = <T extends string>(value: unknown, choices: readonly T[], path: string): T => {
  const text = expectString(value, path);
  if ((choices as readonly string[]).includes(text)) return text as T;
  return fail(path, refusal('DECLARATION_NOT_ONE_OF', `expected one of ${choices.map(quote).join(', ')}, got ${quote(text)}`));
};

/** Refuses the first key, in written order, that `allowed` does not list. */
export const checkKnownKeys = (
  node: PyJsonObject,
  allowed: readonly string[],
  path: string,
  message: (key: string) => Refusal = (key) => refusal('DECLARATION_UNKNOWN_KEY', `unknown key ${quote(key)}`),
): void => {
  for (const key of treeKeys(node)) {
    if (!allowed.includes(key)) fail(childPath(path, key), message(key));
  }
};

export const requireKey = (node: PyJsonObject, key: string, path: string): PyJson => {
  const value = treeGet(node, key);
  return value === undefined ? fail(childPath(path, key), refusal('DECLARATION_MISSING_KEY', `missing required key ${quote(key)}`)) : value;
};
