import { isPlainObject, objectEntries, type PyJson } from '../../../json/pyJson.js';
import type { TypeExpr } from '../../declaration.js';
import type { DeclarationIndex } from '../core/declarationIndex.js';
import { pyDecimalString } from '../values/pyDecimal.js';
import { pyEquals } from '../../../python/pyEquality.js';
import { pyTypeName } from '../../../python/pyTypeName.js';
import { formatPyUuid } from '../values/pyUuid.js';
import { validateDate, validateDatetime } from '../../validate/temporal/validateDates.js';
import { validateTime } from '../../validate/temporal/validateTime.js';
import { validateDeclaredTimedelta } from '../../validate/temporal/validateTimedelta.js';
import { RangeOverflowError } from '../../../errors.js';
import { validateBool, validateFloat, validateInt } from '../../validate/laxScalars.js';

const NUMERIC_TEXT = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/;

const isText = (value: PyJson, parse: (text: string) => string | undefined): boolean =>
  typeof value === 'string' && parse(value) !== undefined;

/** Whether `value` validates as `type` without conversion (pydantic's strict mode, Python input). */
const isExact = (index: DeclarationIndex, type: TypeExpr, value: PyJson): boolean => {
  const kind = pyTypeName(value);
  switch (type.type) {
    case 'none':
      return kind === 'NoneType';
    case 'any':
      return true;
    case 'str':
    case 'int':
    case 'float':
    case 'bool':
      return kind === type.type;
    case 'literal':
      return type.values.some((v) => pyTypeName(v) === kind && pyEquals(v, value));
    case 'enum':
      return false;
    case 'list':
    case 'tuple':
      return kind === 'list' && laxAccepts(index, type, value);
    case 'dict':
      return kind === 'dict' && laxAccepts(index, type, value);
    default:
      return false;
  }
};

const itemsAccepted = (index: DeclarationIndex, type: TypeExpr, value: PyJson): boolean => {
  if (!Array.isArray(value)) return false;
  const items = value as readonly PyJson[];
  if (type.type === 'tuple') {
    if (type.variadic === true) return items.every((item) => laxAccepts(index, type.items[0]!, item));
    return items.length === type.items.length && items.every((item, i) => laxAccepts(index, type.items[i]!, item));
  }
  const itemType = type.type === 'list' || type.type === 'set' || type.type === 'frozenset' ? type.items : undefined;
  return itemType === undefined || items.every((item) => laxAccepts(index, itemType, item));
};

// A duration past `timedelta.min` raises instead: the readers refuse such a given value, and
// an unvalidated default is only asked which serializer takes it, which none does.
const readsAsTimedelta = (value: PyJson): boolean => {
  try {
    return validateDeclaredTimedelta(value).status === 'accepted';
  } catch (error) {
    if (error instanceof RangeOverflowError) return false;
    throw error;
  }
};

/** Whether `value` validates as `type` in pydantic's lax mode (Python input), roughly. */
const laxAccepts = (index: DeclarationIndex, type: TypeExpr, value: PyJson): boolean => {
  const kind = pyTypeName(value);
  const numeric = kind === 'int' || kind === 'float' || (typeof value === 'string' && NUMERIC_TEXT.test(value));
  switch (type.type) {
    case 'int':
      return validateInt(value).status === 'accepted';
    case 'float':
      return validateFloat(value).status === 'accepted';
    case 'bool':
      return validateBool(value).status === 'accepted';
    case 'decimal':
      return numeric && pyDecimalString(value as string | number) !== undefined;
    case 'bytes':
      return kind === 'str';
    case 'datetime':
      return validateDatetime(value).status === 'accepted';
    case 'date':
      return validateDate(value).status === 'accepted';
    case 'time':
      return validateTime(value).status === 'accepted';
    case 'timedelta':
      return readsAsTimedelta(value);
    case 'uuid':
      return isText(value, formatPyUuid);
    case 'url':
      return typeof value === 'string' && URL.canParse(value);
    case 'enum':
      return index.enum(type.name).members.some((m) => pyEquals(m.value, value));
    case 'list':
    case 'set':
    case 'frozenset':
    case 'tuple':
      return itemsAccepted(index, type, value);
    case 'dict': {
      if (!(value instanceof Map || isPlainObject(value))) return false;
      return [...objectEntries(value)].every(
        ([key, item]) =>
          (type.keys === undefined || laxAccepts(index, type.keys, key)) && (type.values === undefined || laxAccepts(index, type.values, item)),
      );
    }
    case 'model': {
      if (!(value instanceof Map || isPlainObject(value))) return false;
      const given = new Map(objectEntries(value));
      return index.model(type.name).fields.every((field) => {
        const v = given.get(field.validation_alias ?? field.alias ?? field.name);
        return v === undefined ? !field.required : laxAccepts(index, field.type, v);
      });
    }
    case 'union':
      return type.members.some((member) => laxAccepts(index, member, value));
    case 'callable':
      return false;
    default:
      return isExact(index, type, value);
  }
};

// Strict mode takes an int for a float (with conversion): smart mode prefers that to any lax
// reading, so `Union[timedelta, float]` keeps 90 a number.
const strictAccepts = (type: TypeExpr, value: PyJson): boolean => type.type === 'float' && pyTypeName(value) === 'int';

/**
 * The member of a union that pydantic's smart mode validates a value into: the first it takes
 * without conversion, else the first strict mode takes, else the first it takes with conversion.
 * Undefined when none takes it.
 */
export const pickUnionMember = (index: DeclarationIndex, members: readonly TypeExpr[], value: PyJson): TypeExpr | undefined =>
  members.find((member) => isExact(index, member, value)) ??
  members.find((member) => strictAccepts(member, value)) ??
  members.find((member) => laxAccepts(index, member, value));
