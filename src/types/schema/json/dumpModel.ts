import { PyFloat, isPlainObject, objectEntries, type PyJson, type PyJsonObject } from '../../../json/pyJson.js';
import type { FieldDeclaration, TypeExpr } from '../../declaration.js';
import type { DeclarationIndex } from '../core/declarationIndex.js';
import { pyDecimalString } from '../values/pyDecimal.js';
import { pyEquals, pyEqualityKey } from '../values/pyEquality.js';
import { formatPyDuration } from '../values/pyDuration.js';
import { formatPyDate, formatPyDatetime, formatPyTime } from '../values/pyTemporal.js';
import { pyTypeName } from '../values/pyType.js';
import { formatPyUuid } from '../values/pyUuid.js';
import { encodeDefault, factoryValue } from './encodeDefault.js';

type Serializer = (index: DeclarationIndex, type: TypeExpr, value: PyJson) => PyJson;

const isObject = (value: PyJson): value is PyJsonObject => value instanceof Map || isPlainObject(value);
const isNumber = (value: PyJson): value is number | bigint | PyFloat =>
  typeof value === 'number' || typeof value === 'bigint' || value instanceof PyFloat;

const textOr = (value: PyJson, format: (text: string) => string | undefined): PyJson =>
  (typeof value === 'string' ? format(value) : undefined) ?? value;

// WHATWG URL serialization, which pydantic's Rust url crate shares.
const normalizeUrl = (value: PyJson): PyJson => {
  if (typeof value !== 'string' || !URL.canParse(value)) return value;
  return new URL(value).href;
};

/** Whether a JSON value is exactly of a type, as pydantic's smart union tries first. */
const fitsExactly = (index: DeclarationIndex, type: TypeExpr, value: PyJson): boolean => {
  const kind = pyTypeName(value);
  switch (type.type) {
    case 'none':
      return kind === 'NoneType';
    case 'any':
      return true;
    case 'str':
    case 'bytes':
      return kind === 'str';
    case 'int':
    case 'float':
    case 'bool':
      return kind === type.type;
    case 'literal':
      return type.values.some((v) => pyTypeName(v) === kind && pyEquals(v, value));
    case 'enum':
      return index.enum(type.name).members.some((m) => pyEquals(m.value, value));
    case 'list':
    case 'set':
    case 'frozenset':
    case 'tuple':
      return kind === 'list';
    case 'dict':
    case 'model':
      return kind === 'dict';
    case 'union':
      return type.members.some((member) => fitsExactly(index, member, value));
    default:
      return kind === 'str';
  }
};

const serializeUnion: Serializer = (index, type, value) => {
  if (type.type !== 'union') return value;
  const member = type.members.find((m) => fitsExactly(index, m, value)) ?? type.members.find((m) => m.type !== 'none');
  return member === undefined ? value : serializeValue(index, member, value);
};

const serializeItems = (index: DeclarationIndex, type: TypeExpr, value: PyJson): PyJson => {
  if (!Array.isArray(value)) return value;
  const items = value as readonly PyJson[];
  if (type.type === 'tuple') {
    return items.map((item, i) => {
      const itemType = type.variadic === true ? type.items[0] : type.items[i];
      return itemType === undefined ? item : serializeValue(index, itemType, item);
    });
  }
  if (type.type !== 'list' && type.type !== 'set' && type.type !== 'frozenset') return value;
  const unique = type.type === 'list' ? items : items.filter((item, i) => items.findIndex((o) => pyEqualityKey(o) === pyEqualityKey(item)) === i);
  return type.items === undefined ? [...unique] : unique.map((item) => serializeValue(index, type.items!, item));
};

/**
 * A value validated into a field of `type` and dumped in JSON mode: what pydantic writes for a
 * field of a model instance (floats stay floats, Decimals and temporal values become pydantic's
 * strings, enum members their values, nested models their dumps).
 */
export const serializeValue: Serializer = (index, type, value) => {
  switch (type.type) {
    case 'float':
      return isNumber(value) ? new PyFloat(value instanceof PyFloat ? value.value : Number(value)) : value;
    case 'int':
      return value instanceof PyFloat && Number.isInteger(value.value) ? value.value : value;
    case 'decimal':
      return typeof value === 'string' || isNumber(value) ? (pyDecimalString(value) ?? value) : value;
    case 'datetime':
      return textOr(value, formatPyDatetime);
    case 'date':
      return textOr(value, formatPyDate);
    case 'time':
      return textOr(value, formatPyTime);
    case 'timedelta':
      return typeof value === 'string' || isNumber(value) ? (formatPyDuration(value) ?? value) : value;
    case 'uuid':
      return textOr(value, formatPyUuid);
    case 'url':
      return normalizeUrl(value);
    case 'list':
    case 'set':
    case 'frozenset':
    case 'tuple':
      return serializeItems(index, type, value);
    case 'dict':
      if (!isObject(value) || type.values === undefined) return value;
      return new Map([...objectEntries(value)].map(([k, v]) => [k, serializeValue(index, type.values!, v)]));
    case 'enum':
      return index.enum(type.name).members.find((m) => pyEquals(m.value, value))?.value ?? value;
    case 'model':
      return dumpModel(index, type.name, value);
    case 'union':
      return serializeUnion(index, type, value);
    default:
      return value;
  }
};

const lookup = (value: PyJsonObject, keys: readonly (string | undefined)[]): PyJson | undefined => {
  const entries = new Map(objectEntries(value));
  for (const key of keys) if (key !== undefined && entries.has(key)) return entries.get(key);
  return undefined;
};

// A field missing from the instance's arguments takes its default, which pydantic stores
// without validating and then dumps through the field's type.
const fieldValue = (index: DeclarationIndex, field: FieldDeclaration, given: PyJsonObject): PyJson => {
  const value = lookup(given, [field.validation_alias ?? field.alias, field.name]);
  if (value !== undefined) return serializeValue(index, field.type, value);
  if (field.default !== undefined) return serializeValue(index, field.type, encodeDefault(index, field.default));
  if (field.default_factory !== undefined) return serializeValue(index, field.type, factoryValue(index, field.default_factory));
  return null;
};

/** `to_jsonable_python(Model(**value), by_alias=True)`: every field, keyed by its serialization alias. */
export const dumpModel = (index: DeclarationIndex, modelName: string, value: PyJson): PyJson => {
  if (!isObject(value)) return value;
  const model = index.model(modelName);
  const dump = new Map<string, PyJson>();
  for (const field of model.fields) {
    dump.set(field.serialization_alias ?? field.alias ?? field.name, fieldValue(index, field, value));
  }
  return dump;
};
