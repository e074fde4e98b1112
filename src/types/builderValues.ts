import { PyFloat, isPlainObject, type PyJson } from '../json/pyJson.js';
import type { DefaultKind, DefaultValue, TypeExpr } from './declaration.js';
import { isPyInt } from './declarationTree.js';

/**
 * A value as a builder user writes it: JSON-like, with plain objects or Maps. Plain objects keep
 * JavaScript's key order; use a Map where integer-like keys must keep their written order.
 */
export type BuilderValue =
  | null
  | boolean
  | string
  | number
  | bigint
  | PyFloat
  | readonly BuilderValue[]
  | ReadonlyMap<string, BuilderValue>
  | { readonly [key: string]: BuilderValue };

/** A default whose kind is stated rather than inferred from the field type (see `d`). */
export class ExplicitDefault {
  constructor(readonly declared: DefaultValue) {}
}

/** The lossless tree of a builder value: objects become Maps, recursively. */
export const toTree = (value: BuilderValue): PyJson => {
  if (Array.isArray(value)) return value.map(toTree);
  if (value instanceof Map) return new Map([...value].map(([key, item]) => [key, toTree(item as BuilderValue)]));
  if (isPlainObject(value)) return new Map(Object.entries(value).map(([key, item]) => [key, toTree(item as BuilderValue)]));
  return value as PyJson;
};

const asFloat = (value: PyJson): PyJson => (isPyInt(value) ? new PyFloat(Number(value)) : value);

/** The kind a plain JSON value has in Python (an object is a dict, an array a list). */
const kindOfValue = (value: PyJson): DefaultKind => {
  if (value === null) return 'null';
  if (typeof value === 'string') return 'str';
  if (typeof value === 'boolean') return 'bool';
  if (isPyInt(value)) return 'int';
  if (typeof value === 'number' || value instanceof PyFloat) return 'float';
  return Array.isArray(value) ? 'list' : 'dict';
};

const SAME_KIND = new Set<string>([
  'int', 'float', 'str', 'bool', 'list', 'dict', 'tuple', 'set', 'frozenset', 'bytes',
  'datetime', 'date', 'time', 'timedelta', 'uuid', 'decimal',
]);

/**
 * The default a field of `type` gets from `value`: a stated kind is kept; `null` is kind null;
 * otherwise the field type decides (a float field makes `2` the float `2.0`, an enum field
 * makes the value a member's, a model field an instance), and where the type does not (a union
 * of several types, `Any`, a literal) the value's own JSON type does.
 */
export const inferDefault = (type: TypeExpr, value: BuilderValue | ExplicitDefault): DefaultValue => {
  if (value instanceof ExplicitDefault) return value.declared;
  const tree = toTree(value);
  if (tree === null) return { value: null, kind: 'null' };
  if (type.type === 'union') {
    const others = type.members.filter((member) => member.type !== 'none');
    if (others.length === 1) return inferDefault(others[0]!, value);
  }
  if (type.type === 'enum') return { value: tree, kind: 'enum', enum: type.name };
  if (type.type === 'model') return { value: tree, kind: 'model', model: type.name };
  if (type.type === 'url') return { value: tree, kind: 'str' };
  if (type.type === 'float') return { value: asFloat(tree), kind: 'float' };
  if (SAME_KIND.has(type.type)) return { value: tree, kind: type.type as DefaultKind };
  return { value: tree, kind: kindOfValue(tree) };
};

/** Defaults of a stated kind, for where the field type does not decide it. */
export const d = {
  int: (value: number | bigint) => new ExplicitDefault({ value, kind: 'int' }),
  float: (value: number | PyFloat) => new ExplicitDefault({ value: asFloat(value), kind: 'float' }),
  str: (value: string) => new ExplicitDefault({ value, kind: 'str' }),
  bool: (value: boolean) => new ExplicitDefault({ value, kind: 'bool' }),
  null: () => new ExplicitDefault({ value: null, kind: 'null' }),
  list: (value: readonly BuilderValue[]) => new ExplicitDefault({ value: toTree(value), kind: 'list' }),
  tuple: (value: readonly BuilderValue[]) => new ExplicitDefault({ value: toTree(value), kind: 'tuple' }),
  set: (value: readonly BuilderValue[]) => new ExplicitDefault({ value: toTree(value), kind: 'set' }),
  frozenset: (value: readonly BuilderValue[]) => new ExplicitDefault({ value: toTree(value), kind: 'frozenset' }),
  dict: (value: BuilderValue) => new ExplicitDefault({ value: toTree(value), kind: 'dict' }),
  bytes: (text: string) => new ExplicitDefault({ value: text, kind: 'bytes' }),
  datetime: (text: string) => new ExplicitDefault({ value: text, kind: 'datetime' }),
  date: (text: string) => new ExplicitDefault({ value: text, kind: 'date' }),
  time: (text: string) => new ExplicitDefault({ value: text, kind: 'time' }),
  timedelta: (text: string) => new ExplicitDefault({ value: text, kind: 'timedelta' }),
  uuid: (text: string) => new ExplicitDefault({ value: text, kind: 'uuid' }),
  decimal: (text: string) => new ExplicitDefault({ value: text, kind: 'decimal' }),
  member: (enumName: string | { readonly name: string }, value: BuilderValue) =>
    new ExplicitDefault({ value: toTree(value), kind: 'enum', enum: typeof enumName === 'string' ? enumName : enumName.name }),
  instance: (modelName: string | { readonly name: string }, value: BuilderValue) =>
    new ExplicitDefault({ value: toTree(value), kind: 'model', model: typeof modelName === 'string' ? modelName : modelName.name }),
} as const;
