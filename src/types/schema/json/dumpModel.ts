import { isPlainObject, objectEntries, type PyJson, type PyJsonObject } from '../../../json/pyJson.js';
import type { DefaultValue, FieldDeclaration, TypeExpr } from '../../declaration.js';
import { SchemaRenderError } from '../../schemaRenderError.js';
import type { DeclarationIndex } from '../core/declarationIndex.js';
import { pyRepr } from '../../../python/pyRepr.js';
import { pyEquals } from '../../../python/pyEquality.js';
import { pySetOrderAfter } from '../values/pySetOrder.js';
import { formatPyUuid } from '../values/pyUuid.js';
import { validateDate, validateDatetime } from '../../validate/temporal/validateDates.js';
import { validateTime } from '../../validate/temporal/validateTime.js';
import { validateDeclaredTimedelta } from '../../validate/temporal/validateTimedelta.js';
import { validateBool, validateFloat, validateInt } from '../../validate/laxScalars.js';
import { validateDecimal } from '../../validate/specialScalars.js';
import type { Outcome } from '../../validate/outcome.js';
import { encodeDefault, factoryValue } from './encodeDefault.js';
import { pickUnionMember } from './pickUnionMember.js';
import { defaultPyType, serializeDefault } from './serializeDefault.js';

/**
 * The declaration, and how many times the value being dumped was deep-copied since it was built
 * (a field's default that is not hashable is copied each time an instance takes it), which
 * reorders the sets in it. (The reader refuses a default that needs itself to be made.)
 */
export interface DumpContext {
  readonly index: DeclarationIndex;
  readonly copies: number;
}

type Serializer = (ctx: DumpContext, type: TypeExpr, value: PyJson) => PyJson;

const isObject = (value: PyJson): value is PyJsonObject => value instanceof Map || isPlainObject(value);

const textOr = (value: PyJson, format: (text: string) => string | undefined): PyJson =>
  (typeof value === 'string' ? format(value) : undefined) ?? value;

// A given value is read as the validator reads it (lax conversions: `"42"` and `True` to an int,
// dates, times and durations from every text form speedate takes, timestamps, seconds) and
// written as pydantic dumps it. The reader has already refused a value the type cannot take.
const readAs = (value: PyJson, validate: (input: unknown) => Outcome): PyJson => {
  const outcome = validate(value);
  return outcome.status === 'accepted' ? (outcome.value as PyJson) : value;
};

// WHATWG URL serialization, which pydantic's Rust url crate shares.
const normalizeUrl = (value: PyJson): PyJson => {
  if (typeof value !== 'string' || !URL.canParse(value)) return value;
  return new URL(value).href;
};

// Keys a validated dict writes in another form than given: dates, times and durations (through unions too).
const REWRITTEN_KEYS: ReadonlySet<string> = new Set(['datetime', 'date', 'time', 'timedelta', 'union']);

// A validated dict's keys are read by their type: keys that read as one value are one entry, at
// the first one's place with the last one's value, as a Python dict keeps them.
const serializeEntries = (ctx: DumpContext, type: TypeExpr, value: PyJson, serialize: Serializer): PyJson => {
  if (type.type !== 'dict' || !isObject(value)) return value;
  const keys = type.keys !== undefined && REWRITTEN_KEYS.has(type.keys.type) ? type.keys : undefined;
  if (type.values === undefined && keys === undefined) return value;
  const out = new Map<string, PyJson>();
  for (const [k, v] of objectEntries(value)) {
    out.set(keys === undefined ? k : String(serialize(ctx, keys, k)), type.values === undefined ? v : serialize(ctx, type.values, v));
  }
  return out;
};

// A validated set is built from the items in order (Python's iteration order then follows).
const serializeItems = (ctx: DumpContext, type: TypeExpr, value: PyJson, serialize: Serializer): PyJson => {
  if (!Array.isArray(value)) return value;
  const items = value as readonly PyJson[];
  if (type.type === 'tuple') {
    return items.map((item, i) => {
      const itemType = type.variadic === true ? type.items[0] : type.items[i];
      return itemType === undefined ? item : serialize(ctx, itemType, item);
    });
  }
  if (type.type !== 'list' && type.type !== 'set' && type.type !== 'frozenset') return value;
  const unique = type.type !== 'list' ? pySetOrderAfter(items, 1 + ctx.copies) : items;
  return type.items === undefined ? [...unique] : unique.map((item) => serialize(ctx, type.items!, item));
};

/**
 * A value validated into a field of `type` (by `model_validate`) and dumped in JSON mode: what
 * pydantic writes for a field of a model instance (floats stay floats, Decimals and temporal
 * values become pydantic's strings, enum members their values, nested models their dumps).
 */
const serializeValue: Serializer = (ctx, type, value) => {
  switch (type.type) {
    case 'float':
      return readAs(value, validateFloat);
    case 'int':
      return readAs(value, validateInt);
    case 'bool':
      return readAs(value, validateBool);
    case 'decimal':
      return readAs(value, validateDecimal);
    case 'datetime':
      return readAs(value, validateDatetime);
    case 'date':
      return readAs(value, validateDate);
    case 'time':
      return readAs(value, validateTime);
    case 'timedelta':
      return readAs(value, validateDeclaredTimedelta);
    case 'uuid':
      return textOr(value, formatPyUuid);
    case 'url':
      return normalizeUrl(value);
    case 'list':
    case 'set':
    case 'frozenset':
    case 'tuple':
      return serializeItems(ctx, type, value, serializeValue);
    case 'dict':
      return serializeEntries(ctx, type, value, serializeValue);
    case 'enum':
      return ctx.index.enum(type.name).members.find((m) => pyEquals(m.value, value))?.value ?? value;
    case 'model':
      return dumpModel(ctx, type.name, value);
    case 'union': {
      // A validated union value is written by the member pydantic validated it into.
      const member = pickUnionMember(ctx.index, type.members, value);
      return member === undefined ? value : serializeValue(ctx, member, value);
    }
    default:
      return value;
  }
};

// pydantic copies a default that is not hashable (`copy.deepcopy`) each time an instance takes it.
const HASHABLE_KINDS: ReadonlySet<string> = new Set(['int', 'float', 'str', 'bool', 'null', 'bytes', 'frozenset', 'datetime', 'date', 'time', 'timedelta', 'uuid', 'decimal', 'enum']);
const isHashable = (dft: DefaultValue): boolean =>
  HASHABLE_KINDS.has(dft.kind) || (dft.kind === 'tuple' && Array.isArray(dft.value) && (dft.value as readonly PyJson[]).every((item) => !Array.isArray(item) && !isObject(item)));

// A field missing from the instance's arguments takes its default, which pydantic stores
// without validating and then dumps through the field's type.
const fieldValue = (ctx: DumpContext, field: FieldDeclaration, given: ReadonlyMap<string, PyJson>): PyJson => {
  // The instance is made by `model_validate`, which reads each field by its validation key.
  const value = given.get(field.validation_alias ?? field.alias ?? field.name);
  if (value !== undefined) return serializeValue(ctx, field.type, value);
  if (field.default !== undefined) {
    const copies = ctx.copies + (isHashable(field.default) ? 0 : 1);
    return serializeDefault(ctx.index, field.type, defaultPyType(field.default), encodeDefault({ ...ctx, copies }, field.default, dumpModel));
  }
  const factory = field.default_factory;
  if (factory !== undefined) {
    const type = 'returns' in factory ? defaultPyType(factory.returns) : ({ of: 'builtin', name: factory.builtin } as const);
    return serializeDefault(ctx.index, field.type, type, factoryValue(ctx, factory, dumpModel));
  }
  return null;
};

/** `to_jsonable_python(Model(**value), by_alias=True)`: every field, keyed by its serialization alias. */
export const dumpModel = (ctx: DumpContext, modelName: string, value: PyJson): PyJson => {
  if (!isObject(value)) return value;
  const model = ctx.index.model(modelName);
  const given = new Map(objectEntries(value));
  const dump = new Map<string, PyJson>();
  for (const field of model.fields) {
    dump.set(field.serialization_alias ?? field.alias ?? field.name, fieldValue(ctx, field, given));
  }
  const [computed] = model.computed_fields ?? [];
  if (computed !== undefined) {
    // The Python reference declares a computed field's type, not a computation: its getter
    // raises NotImplementedError, and so does dumping an instance, and model_json_schema().
    throw new SchemaRenderError(`computed field ${pyRepr(computed.name)} of the declared model ${pyRepr(model.name)} has no implementation`, 'not-implemented');
  }
  return dump;
};
