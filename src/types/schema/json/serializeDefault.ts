import { PyFloat, isPlainObject, objectEntries, type PyJson, type PyJsonObject } from '../../../json/pyJson.js';
import type { DefaultKind, DefaultValue, TypeExpr } from '../../declaration.js';
import { pyEquals } from '../../../python/pyEquality.js';
import { type PyTypeName, pyTypeName } from '../../../python/pyTypeName.js';
import type { DeclarationIndex } from '../core/declarationIndex.js';
import { unionMembers } from '../core/unionMembers.js';

/**
 * The Python type of a value a serializer meets unvalidated: a JSON value's own, or the type a
 * default's kind gives it (a tuple, a set, bytes, a date, an enum member, a model instance...)
 * although its JSON encoding no longer shows it.
 */
export type PyType =
  | { readonly of: 'builtin'; readonly name: PyTypeName | Exclude<DefaultKind, 'enum' | 'model' | 'null' | 'list'> }
  | { readonly of: 'enum'; readonly name: string }
  | { readonly of: 'model'; readonly name: string };

const builtin = (name: Extract<PyType, { of: 'builtin' }>['name']): PyType => ({ of: 'builtin', name });

/** The type of a default as `python_default` makes it, whatever its JSON encoding. */
export const defaultPyType = (dft: DefaultValue): PyType => {
  switch (dft.kind) {
    case 'enum':
      return { of: 'enum', name: dft.enum ?? '' };
    case 'model':
      return { of: 'model', name: dft.model ?? '' };
    case 'null':
    case 'list':
    case 'dict':
    case 'int':
    case 'str':
    case 'bool':
      return builtin(pyTypeName(dft.value));
    default:
      return builtin(dft.kind);
  }
};

/** pydantic-core's check level: none at the top, strict or lax inside a union's passes. */
type Check = 'none' | 'strict' | 'lax';

/** A serializer that, checking, meets a value it does not take (`PydanticSerializationUnexpectedValue`). */
const REFUSED = Symbol('refused');
type Serialized = PyJson | typeof REFUSED;

interface Serializing {
  readonly index: DeclarationIndex;
  readonly check: Check;
}

const isBuiltin = (type: PyType, ...names: string[]): boolean => type.of === 'builtin' && names.includes(type.name);

// The mixin an enum member carries (`IntEnum`-like members are ints to a serializer, subclasses).
const enumBase = (index: DeclarationIndex, type: PyType): string | null | undefined =>
  type.of === 'enum' ? index.enums.get(type.name)?.base : undefined;

// A value of another type than the serializer's: written as it is (inference) unless checking.
const fallback = (s: Serializing, value: PyJson): Serialized => (s.check === 'none' ? value : REFUSED);

// An exact instance is written as it is; a subclass (bool or an int enum member for int and
// float, an int for float, a str enum member for str) is refused by a strict check and converted
// otherwise.
const subclassOr = (s: Serializing, convert: () => PyJson): Serialized => (s.check === 'strict' ? REFUSED : convert());

const serializeInt = (s: Serializing, type: PyType, value: PyJson): Serialized => {
  if (isBuiltin(type, 'int')) return value;
  if (isBuiltin(type, 'bool')) return subclassOr(s, () => Number(value));
  if (enumBase(s.index, type) === 'int') return subclassOr(s, () => value);
  return fallback(s, value);
};

const serializeFloat = (s: Serializing, type: PyType, value: PyJson): Serialized => {
  if (isBuiltin(type, 'float')) return value;
  if (isBuiltin(type, 'int', 'bool') || enumBase(s.index, type) === 'int') return subclassOr(s, () => new PyFloat(Number(value)));
  return fallback(s, value);
};

const serializeStr = (s: Serializing, type: PyType, value: PyJson): Serialized => {
  if (isBuiltin(type, 'str')) return value;
  if (enumBase(s.index, type) === 'str') return subclassOr(s, () => value);
  return fallback(s, value);
};

// pydantic-core's literal check: ints (not bools) against the int values, strings against the
// string values, anything else by `==` against the other values (bools, floats, None).
const literalTakes = (index: DeclarationIndex, expected: readonly PyJson[], type: PyType, value: PyJson): boolean => {
  const intLike = isBuiltin(type, 'int') || enumBase(index, type) === 'int';
  const strLike = isBuiltin(type, 'str') || enumBase(index, type) === 'str';
  const isIntValue = (v: PyJson): boolean => pyTypeName(v) === 'int';
  if (intLike && expected.some((v) => isIntValue(v) && pyEquals(v, value))) return true;
  if (strLike && expected.some((v) => typeof v === 'string' && v === value)) return true;
  // A plain enum member equals only itself.
  if (type.of !== 'builtin' && enumBase(index, type) == null) return false;
  return expected.some((v) => !isIntValue(v) && typeof v !== 'string' && pyEquals(v, value));
};

const isObject = (value: PyJson): value is PyJsonObject => value instanceof Map || isPlainObject(value);

// Items are checked with the container's check: one the item serializer refuses refuses the whole.
const serializeSequence = (s: Serializing, types: (i: number) => TypeExpr | undefined, items: readonly PyJson[]): Serialized => {
  const out: PyJson[] = [];
  for (const [i, item] of items.entries()) {
    const itemType = types(i);
    const serialized = itemType === undefined ? item : serializeAs(s, itemType, builtin(pyTypeName(item)), item);
    if (serialized === REFUSED) return REFUSED;
    out.push(serialized);
  }
  return out;
};

// Keys are text in a JSON default; a checking key serializer of another type refuses them.
const keyTaken = (s: Serializing, keys: TypeExpr | undefined, key: string): boolean =>
  keys === undefined || s.check === 'none' || serializeAs(s, keys, builtin('str'), key) !== REFUSED;

const serializeDict = (s: Serializing, expr: TypeExpr & { type: 'dict' }, value: PyJsonObject): Serialized => {
  const out = new Map<string, PyJson>();
  for (const [key, item] of objectEntries(value)) {
    if (!keyTaken(s, expr.keys, key)) return REFUSED;
    const serialized = expr.values === undefined ? item : serializeAs(s, expr.values, builtin(pyTypeName(item)), item);
    if (serialized === REFUSED) return REFUSED;
    out.set(key, serialized);
  }
  return out;
};

/**
 * Whether a union tries its members again with a lax check when none takes a value strictly:
 * pydantic-core's `retry_with_lax_check`, true for models, ints and tuples, for an enum through
 * the serializer of its mixin (an int enum's), and for lists and unions through their members.
 */
const retriesLax = (index: DeclarationIndex, expr: TypeExpr): boolean => {
  switch (expr.type) {
    case 'model':
    case 'int':
    case 'tuple':
      return true;
    case 'enum':
      return index.enums.get(expr.name)?.base === 'int';
    case 'list':
      return expr.items !== undefined && retriesLax(index, expr.items);
    case 'union':
      return expr.members.some((member) => retriesLax(index, member));
    default:
      return false;
  }
};

// pydantic-core's union serializer: at the top, the first member that takes the value with a
// strict check, else (when a member asks for it) the first that takes it with a lax check, else
// the value as it is; inside another union's pass, one pass with that pass's check, refusing
// the value when no member takes it. `Optional[...]` lets None through first.
const serializeUnion = (s: Serializing, expr: TypeExpr & { type: 'union' }, type: PyType, value: PyJson): Serialized => {
  const members = unionMembers(expr.members);
  const others = members.filter((member) => member.type !== 'none' || member.constraints !== undefined);
  if (others.length < members.length && value === null) return null;
  if (others.length === 1) return serializeAs(s, others[0]!, type, value);
  const pass = (check: Check): Serialized => {
    for (const member of others) {
      const serialized = serializeAs({ ...s, check }, member, type, value);
      if (serialized !== REFUSED) return serialized;
    }
    return REFUSED;
  };
  if (s.check !== 'none') return pass(s.check);
  const strict = pass('strict');
  if (strict !== REFUSED) return strict;
  const lax = others.some((member) => retriesLax(s.index, member)) ? pass('lax') : REFUSED;
  return lax === REFUSED ? value : lax;
};

/** pydantic-core's serializer for `expr` on a value of Python type `type`, JSON-encoded already. */
const serializeAs = (s: Serializing, expr: TypeExpr, type: PyType, value: PyJson): Serialized => {
  switch (expr.type) {
    case 'any':
    case 'callable':
      return value;
    case 'none':
      return isBuiltin(type, 'NoneType') ? value : fallback(s, value);
    case 'bool':
      return isBuiltin(type, 'bool') ? value : fallback(s, value);
    case 'int':
      return serializeInt(s, type, value);
    case 'float':
      return serializeFloat(s, type, value);
    case 'str':
      return serializeStr(s, type, value);
    case 'bytes':
    case 'datetime':
    case 'date':
    case 'time':
    case 'timedelta':
    case 'uuid':
    case 'decimal':
      return isBuiltin(type, expr.type) ? value : fallback(s, value);
    case 'url':
      return fallback(s, value);
    case 'literal':
      return s.check === 'none' || literalTakes(s.index, expr.values, type, value) ? value : REFUSED;
    case 'enum':
      return type.of === 'enum' && type.name === expr.name ? value : fallback(s, value);
    case 'model':
      if (type.of === 'model' && type.name === expr.name) return value;
      // Unchecked, a model's serializer writes any object with a `__dict__` as an instance: of an
      // enum member's attributes none is a field (they start with `_`).
      return type.of === 'enum' && s.check === 'none' ? new Map() : fallback(s, value);
    case 'list':
    case 'set':
    case 'frozenset':
      if (!isBuiltin(type, expr.type) || !Array.isArray(value)) return fallback(s, value);
      return serializeSequence(s, () => expr.items, value as readonly PyJson[]);
    case 'tuple':
      if (!isBuiltin(type, 'tuple') || !Array.isArray(value)) return fallback(s, value);
      // Items past the declared ones are written as they are.
      return serializeSequence(s, (i) => (expr.variadic === true ? expr.items[0] : expr.items[i]), value as readonly PyJson[]);
    case 'dict':
      return isBuiltin(type, 'dict') && isObject(value) ? serializeDict(s, expr, value) : fallback(s, value);
    case 'union':
      return serializeUnion(s, expr, type, value);
  }
};

/**
 * A default (already JSON-encoded by its own kind) as its field's serializer writes it: pydantic
 * stores defaults without validating them, and its serializers write a value of another type
 * than theirs as it is, except where they take a subclass (an int or a bool as a float, a bool
 * as an int) or a union retries its members with a lax check.
 */
export const serializeDefault = (index: DeclarationIndex, expr: TypeExpr, type: PyType, value: PyJson): PyJson => {
  const serialized = serializeAs({ index, check: 'none' }, expr, type, value);
  // The top level never checks, so nothing refuses.
  return serialized === REFUSED ? value : serialized;
};
