import { PyFloat, type PyJson } from '../../../json/pyJson.js';
import type { PyNumber } from '../../declaration.js';
import { SchemaRenderError } from '../../schemaRenderError.js';
import type { CoreSchemaOf, NumericConstraints } from '../core/coreSchema.js';
import { toMapTree } from '../values/mapTree.js';
import { pyTypeName, type PyTypeName } from '../../../python/pyTypeName.js';
import { type JsonSchema, type SchemaContext, VALIDATIONS, schemaOf, updateWithValidations } from './jsonSchema.js';

const isInfinite = (value: PyJson): boolean => {
  const n = value instanceof PyFloat ? value.value : value;
  return n === Infinity || n === -Infinity;
};

// int and float schemas drop bounds of ±inf.
const numberSchema = (type: string, constraints: NumericConstraints): JsonSchema => {
  const schema = updateWithValidations(schemaOf(['type', type]), constraints, VALIDATIONS.numeric);
  for (const [key, value] of [...schema]) if (isInfinite(value)) schema.delete(key);
  return schema;
};

const toFloat = (value: PyNumber | undefined): PyFloat | undefined =>
  value === undefined ? undefined : new PyFloat(value instanceof PyFloat ? value.value : Number(value));

const DECIMAL_PATTERN = '^(?!^[-+.]*$)[+-]?0*\\d*\\.?\\d*$';

export const anySchema = (): JsonSchema => schemaOf();
export const noneSchema = (): JsonSchema => schemaOf(['type', 'null']);
export const boolSchema = (): JsonSchema => schemaOf(['type', 'boolean']);
export const intSchema = (_ctx: SchemaContext, schema: CoreSchemaOf<'int'>): JsonSchema => numberSchema('integer', schema);
export const floatSchema = (_ctx: SchemaContext, schema: CoreSchemaOf<'float'>): JsonSchema => numberSchema('number', schema);

export const strSchema = (_ctx: SchemaContext, schema: CoreSchemaOf<'str'>): JsonSchema =>
  updateWithValidations(schemaOf(['type', 'string']), schema, VALIDATIONS.string);

// Decimal accepts a number or a numeric string when validating, and is written as a string.
export const decimalSchema = (ctx: SchemaContext, schema: CoreSchemaOf<'decimal'>): JsonSchema => {
  const text = updateWithValidations(schemaOf(['type', 'string']), { pattern: DECIMAL_PATTERN }, VALIDATIONS.string);
  if (ctx.mode !== 'validation') return text;
  const bounds: NumericConstraints = {
    multiple_of: toFloat(schema.multiple_of),
    le: toFloat(schema.le),
    ge: toFloat(schema.ge),
    lt: toFloat(schema.lt),
    gt: toFloat(schema.gt),
  };
  return schemaOf(['anyOf', [numberSchema('number', bounds), text]]);
};

export const bytesSchema = (_ctx: SchemaContext, schema: CoreSchemaOf<'bytes'>): JsonSchema =>
  updateWithValidations(schemaOf(['type', 'string'], ['format', 'binary']), schema, VALIDATIONS.bytes);

export const dateSchema = (): JsonSchema => schemaOf(['type', 'string'], ['format', 'date']);
export const timeSchema = (): JsonSchema => schemaOf(['type', 'string'], ['format', 'time']);
export const datetimeSchema = (): JsonSchema => schemaOf(['type', 'string'], ['format', 'date-time']);
export const timedeltaSchema = (): JsonSchema => schemaOf(['type', 'string'], ['format', 'duration']);
export const uuidSchema = (): JsonSchema => schemaOf(['type', 'string'], ['format', 'uuid']);

export const urlSchema = (_ctx: SchemaContext, schema: CoreSchemaOf<'url'>): JsonSchema =>
  updateWithValidations(schemaOf(['type', 'string'], ['format', 'uri'], ['minLength', 1]), schema, VALIDATIONS.string);

export const callableSchema = (): JsonSchema => {
  throw SchemaRenderError.invalidForJsonSchema('Cannot generate a JsonSchema for core_schema.CallableSchema');
};

const LITERAL_TYPES: Partial<Record<PyTypeName, string>> = {
  str: 'string',
  int: 'integer',
  float: 'number',
  bool: 'boolean',
  list: 'array',
  NoneType: 'null',
};

/** The JSON type shared by all values, if they are all of one Python type that has one. */
const sharedJsonType = (values: readonly PyJson[]): string | undefined => {
  const types = new Set(values.map((value) => pyTypeName(value)));
  const [only] = types;
  return types.size === 1 && only !== undefined ? LITERAL_TYPES[only] : undefined;
};

export const literalSchema = (_ctx: SchemaContext, schema: CoreSchemaOf<'literal'>): JsonSchema => {
  const expected = schema.expected.map(toMapTree);
  const result: JsonSchema = expected.length === 1 ? schemaOf(['const', expected[0]!]) : schemaOf(['enum', expected]);
  const type = sharedJsonType(expected);
  if (type !== undefined) result.set('type', type);
  return result;
};
