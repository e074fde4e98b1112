import { PyFloat, type PyJson } from '../../../json/pyJson.js';
import type { DefaultFactory, DefaultValue } from '../../declaration.js';
import type { DeclarationIndex } from '../core/declarationIndex.js';
import { comparePyStrings, pyEquals } from '../../../python/pyEquality.js';
import { pySetOrder, pySetOrderAfter } from '../values/pySetOrder.js';
import { pyDecimalString } from '../values/pyDecimal.js';
import { formatPyUuid } from '../values/pyUuid.js';
import { dumpTemporalDefault } from '../../validate/dumpDefault.js';
import type { DumpContext } from './dumpModel.js';

/** `dumpModel`, passed in because dumping a model encodes its fields' defaults in turn. */
export type ModelDumper = (ctx: DumpContext, modelName: string, value: PyJson) => PyJson;

const asText = (value: PyJson): string | undefined => (typeof value === 'string' ? value : undefined);
const isNumber = (value: PyJson): value is number | bigint | PyFloat =>
  typeof value === 'number' || typeof value === 'bigint' || value instanceof PyFloat;
const numeric = (value: number | bigint | PyFloat | boolean): number | bigint =>
  typeof value === 'boolean' ? Number(value) : value instanceof PyFloat ? value.value : value;

const compareNumbers = (a: number | bigint, b: number | bigint): number => {
  if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
  const x = Number(a);
  const y = Number(b);
  return x < y ? -1 : x > y ? 1 : 0;
};

/**
 * A set default as pydantic shows it on a field: `sorted(...)` when it has more than one member
 * and Python can order them (all numbers and bools, or all strings), else in iteration order.
 */
export const sortedSetDefault = (values: PyJson): PyJson[] => {
  const members = pySetOrder(Array.isArray(values) ? (values as readonly PyJson[]) : []);
  if (members.length <= 1) return members;
  if (members.every((m) => isNumber(m) || typeof m === 'boolean')) {
    return [...members].sort((a, b) => compareNumbers(numeric(a as number), numeric(b as number)));
  }
  if (members.every((m) => typeof m === 'string')) return [...members].sort((a, b) => comparePyStrings(a as string, b as string));
  return members;
};

/** The value of the enum member a default names: the first member with an equal value (later ones are aliases). */
const enumMemberValue = (index: DeclarationIndex, enumName: string | undefined, value: PyJson): PyJson => {
  const members = enumName === undefined ? [] : (index.enums.get(enumName)?.members ?? []);
  return members.find((member) => pyEquals(member.value, value))?.value ?? value;
};

/**
 * pydantic's `encode_default`: a default as JSON, encoded by its own type (not the field's):
 * floats stay floats, sets in Python's iteration order, tuples become lists, temporal values, UUIDs and Decimals
 * become the strings pydantic writes, an enum member its value, a model instance its dump by alias.
 */
export const encodeDefault = (ctx: DumpContext, dft: DefaultValue, dumpModel: ModelDumper): PyJson => {
  const { value } = dft;
  const text = asText(value);
  switch (dft.kind) {
    case 'float':
      return isNumber(value) ? new PyFloat(Number(numeric(value))) : value;
    case 'set':
    case 'frozenset':
      // Built once by `set(value)`, then built again by every copy made of it since.
      return pySetOrderAfter(Array.isArray(value) ? (value as readonly PyJson[]) : [], 1 + ctx.copies);
    case 'datetime':
    case 'date':
    case 'time':
    case 'timedelta':
      // The declaration reader takes these as text only.
      return dumpTemporalDefault(dft.kind, value as string);
    case 'uuid':
      return (text && formatPyUuid(text)) ?? value;
    case 'decimal':
      return (typeof value === 'string' || isNumber(value) ? pyDecimalString(value) : undefined) ?? value;
    case 'enum':
      return enumMemberValue(ctx.index, dft.enum, value);
    case 'model':
      return dft.model === undefined ? value : dumpModel(ctx, dft.model, value);
    default:
      // int, str, bool, null, bytes (as UTF-8 text), list, tuple (as a list), dict.
      return value;
  }
};

/** What a default factory returns, as JSON. */
export const factoryValue = (ctx: DumpContext, factory: DefaultFactory, dumpModel: ModelDumper): PyJson => {
  if ('returns' in factory) return encodeDefault(ctx, factory.returns, dumpModel);
  return factory.builtin === 'dict' ? new Map() : [];
};
