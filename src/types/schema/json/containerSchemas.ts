import type { CoreSchemaOf } from '../core/coreSchema.js';
import { type JsonSchema, type SchemaContext, VALIDATIONS, schemaOf, updateWithValidations } from './jsonSchema.js';

export const listSchema = (ctx: SchemaContext, schema: CoreSchemaOf<'list'>): JsonSchema =>
  updateWithValidations(
    schemaOf(['type', 'array'], ['items', ctx.generateInner(schema.items_schema)]),
    schema,
    VALIDATIONS.array,
  );

const commonSetSchema = (ctx: SchemaContext, schema: CoreSchemaOf<'set'> | CoreSchemaOf<'frozenset'>): JsonSchema =>
  updateWithValidations(
    schemaOf(['type', 'array'], ['uniqueItems', true], ['items', ctx.generateInner(schema.items_schema)]),
    schema,
    VALIDATIONS.array,
  );

export const setSchema = (ctx: SchemaContext, schema: CoreSchemaOf<'set'>): JsonSchema => commonSetSchema(ctx, schema);
export const frozensetSchema = (ctx: SchemaContext, schema: CoreSchemaOf<'frozenset'>): JsonSchema => commonSetSchema(ctx, schema);

// `tuple[A, B]` lists its items; `tuple[X, ...]` gives `items`; lengths may override the counts.
export const tupleSchema = (ctx: SchemaContext, schema: CoreSchemaOf<'tuple'>): JsonSchema => {
  const json = schemaOf(['type', 'array']);
  const items = schema.items_schema;
  if (schema.variadic_item_index !== undefined) {
    const index = schema.variadic_item_index;
    if (index > 0) {
      json.set('minItems', index);
      json.set('prefixItems', items.slice(0, index).map((item) => ctx.generateInner(item)));
    }
    json.set('items', index + 1 === items.length ? ctx.generateInner(items[index]!) : true);
  } else {
    const prefixItems = items.map((item) => ctx.generateInner(item));
    if (prefixItems.length > 0) json.set('prefixItems', prefixItems);
    json.set('minItems', prefixItems.length);
    json.set('maxItems', prefixItems.length);
  }
  return updateWithValidations(json, schema, VALIDATIONS.array);
};

// Keys that are plain strings vanish; a key pattern becomes patternProperties; constrained or
// referenced keys become propertyNames. Neither keys nor values keep a title.
export const dictSchema = (ctx: SchemaContext, schema: CoreSchemaOf<'dict'>): JsonSchema => {
  const json = schemaOf(['type', 'object']);
  const keys = new Map(ctx.generateInner(schema.keys_schema));
  let keysPattern: string | undefined;
  if (!keys.has('$ref')) {
    keysPattern = keys.get('pattern') as string | undefined;
    keys.delete('pattern');
    keys.delete('title');
  }
  const values = new Map(ctx.generateInner(schema.values_schema));
  values.delete('title');
  if (values.size > 0 || keysPattern !== undefined) {
    if (keysPattern === undefined) json.set('additionalProperties', values);
    else json.set('patternProperties', schemaOf([keysPattern, values]));
  } else {
    json.set('additionalProperties', true);
  }
  if ((keys.get('type') === 'string' && keys.size > 1) || keys.has('$ref')) {
    keys.delete('type');
    json.set('propertyNames', keys);
  }
  return updateWithValidations(json, schema, VALIDATIONS.object);
};
