import type { PyJson } from '../../../json/pyJson.js';
import type { Constraints } from '../../declaration.js';
import { pyRepr } from '../../../python/pyRepr.js';
import { type CoreSchema, type CoreSchemaType, isReferenced } from './coreSchema.js';

type ConstraintName = keyof Constraints;

const NUMERIC: readonly ConstraintName[] = ['gt', 'ge', 'lt', 'le', 'multiple_of'];
const LENGTH: readonly ConstraintName[] = ['min_length', 'max_length'];
const TEXT: readonly ConstraintName[] = [...LENGTH, 'pattern'];

/** The constraints each core schema takes natively (pydantic's `CONSTRAINTS_TO_ALLOWED_SCHEMAS`). */
const NATIVE: Partial<Record<CoreSchemaType, readonly ConstraintName[]>> = {
  str: TEXT,
  bytes: TEXT,
  list: LENGTH,
  tuple: LENGTH,
  set: LENGTH,
  frozenset: LENGTH,
  dict: LENGTH,
  int: NUMERIC,
  float: NUMERIC,
  decimal: NUMERIC,
  date: NUMERIC,
  time: NUMERIC,
  datetime: NUMERIC,
  timedelta: NUMERIC,
};

// `Field()` turns its arguments into metadata in this order, `pattern` last.
const APPLICATION_ORDER: readonly ConstraintName[] = ['gt', 'ge', 'lt', 'le', 'multiple_of', 'min_length', 'max_length', 'pattern'];

const unwrapValidators = (schema: CoreSchema): CoreSchema =>
  schema.type === 'function-after' ? unwrapValidators(schema.schema) : schema;

// A constraint the type does not take becomes a validator around it that states the constraint
// in the JSON Schema under its own name (`ge` stays `ge`), or, for lengths, as minLength/maxItems.
const wrapInValidator = (schema: CoreSchema, name: ConstraintName, value: PyJson): CoreSchema => {
  if (name === 'pattern') return { type: 'chain', steps: [schema, { type: 'str', pattern: value as string }] };
  let key: string = name;
  if (name === 'min_length' || name === 'max_length') {
    const isList = unwrapValidators(schema).type === 'list';
    key = name === 'min_length' ? (isList ? 'minItems' : 'minLength') : isList ? 'maxItems' : 'maxLength';
  }
  return { type: 'function-after', schema, jsUpdates: new Map([[key, value]]) };
};

const METADATA_CLASSES: Readonly<Record<ConstraintName, string>> = {
  gt: 'Gt',
  ge: 'Ge',
  lt: 'Lt',
  le: 'Le',
  multiple_of: 'MultipleOf',
  min_length: 'MinLen',
  max_length: 'MaxLen',
  pattern: '_PydanticGeneralMetadata',
};

/** `repr()` of the metadata object pydantic makes of a constraint (`Ge(ge=1)`). */
const metadataRepr = (name: ConstraintName, value: PyJson): string => `${METADATA_CLASSES[name]}(${name}=${pyRepr(value)})`;

/** Finds the definition of a model a `definition-ref` points to, if it is built already. */
type DefinitionLookup = (ref: string) => CoreSchema | undefined;

// A constrained model or enum becomes a copy of its schema under a reference of its own
// (`<ref>_<repr of the constraint>`), which pydantic later renders as a separate definition.
const constrainedCopy = (schema: CoreSchema, name: ConstraintName, value: PyJson, lookup: DefinitionLookup): CoreSchema => {
  const target = schema.type === 'definition-ref' ? lookup(schema.schema_ref) : schema;
  if (target === undefined || !isReferenced(target)) return schema;
  return { ...target, ref: `${target.ref}_${metadataRepr(name, value)}` };
};

const applyOne = (schema: CoreSchema, name: ConstraintName, value: PyJson, lookup: DefinitionLookup): CoreSchema => {
  // pydantic applies annotations of an Optional to the type inside it.
  if (schema.type === 'nullable') return { ...schema, schema: applyOne(schema.schema, name, value, lookup) };
  const target = constrainedCopy(schema, name, value, lookup);
  if (NATIVE[target.type]?.includes(name)) return { ...target, [name]: value } as CoreSchema;
  return wrapInValidator(target, name, value);
};

/** `Annotated[T, Field(**constraints)]`: the constraints applied to `schema` one at a time, as pydantic does. */
export const applyConstraints = (schema: CoreSchema, constraints: Constraints | undefined, lookup: DefinitionLookup): CoreSchema => {
  if (constraints === undefined) return schema;
  let result = schema;
  for (const name of APPLICATION_ORDER) {
    const value = constraints[name];
    if (value !== undefined) result = applyOne(result, name, value, lookup);
  }
  return result;
};
