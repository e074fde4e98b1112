import { isPlainObject, objectEntries, type PyJson, type PyJsonObject } from '../../../json/pyJson.js';
import { type CoreSchema, type ComputedField, type ModelField } from '../core/coreSchema.js';
import { titleFromName } from '../../../python/pyTitle.js';
import { pyEquals } from '../../../python/pyEquality.js';
import { toMapTree } from '../values/mapTree.js';
import type { JsonRef, JsonSchema, SchemaContext } from './jsonSchema.js';

/** pydantic's `field_title_should_be_set`: no automatic title for references (models, enums), even when optional. */
const fieldTitleShouldBeSet = (schema: CoreSchema): boolean => {
  switch (schema.type) {
    case 'model':
      return false;
    case 'enum':
      // An enum without members is an `is-instance` schema, which carries no reference.
      return schema.enum.members.length === 0;
    case 'definition-ref':
      return false;
    case 'unapplied-discriminator':
      return schema.applied !== undefined && fieldTitleShouldBeSet(schema.applied);
    case 'default':
    case 'nullable':
    case 'definitions':
    case 'function-after':
      return fieldTitleShouldBeSet(schema.schema);
    default:
      return true;
  }
};

const isJsonObject = (value: PyJson | undefined): value is PyJsonObject => value instanceof Map || isPlainObject(value);

// A field's own keywords (`Field(title=..., description=..., deprecated=..., examples=...)`), then
// its `json_schema_extra`, are merged over the schema of its type.
const applyFieldUpdates = (
  json: JsonSchema,
  updates: readonly (readonly [string, PyJson | undefined])[],
  extra: PyJson | undefined,
): JsonSchema => {
  for (const [key, value] of updates) if (value !== undefined) json.set(key, toMapTree(value));
  if (isJsonObject(extra)) for (const [key, value] of objectEntries(extra)) json.set(key, toMapTree(value));
  return json;
};

/** The schema of a model field, as `generate_inner` makes it for the field's core schema. */
export const modelFieldSchema = (ctx: SchemaContext, field: ModelField): JsonSchema => {
  const d = field.declaration;
  return applyFieldUpdates(
    ctx.generateInner(field.schema),
    [
      ['title', d.title],
      ['description', d.description],
      ['deprecated', d.deprecated === true ? true : undefined],
      ['examples', d.examples],
    ],
    d.json_schema_extra,
  );
};

export const computedFieldSchema = (ctx: SchemaContext, field: ComputedField): JsonSchema => {
  const d = field.declaration;
  return applyFieldUpdates(
    ctx.generateInner(field.returnSchema),
    [
      ['readOnly', true],
      ['title', d.title],
      ['description', d.description],
    ],
    undefined,
  );
};

/** pydantic's `handle_ref_overrides`: drops `$ref` siblings equal to the same key of the (already generated) definition. */
const handleRefOverrides = (ctx: SchemaContext, json: JsonSchema): JsonSchema => {
  const ref = json.get('$ref');
  if (ref === undefined) return json;
  const copy = new Map(json);
  const referenced = ctx.definitionOf(ref as JsonRef);
  if (referenced === undefined) return copy;
  for (const [key, value] of json) {
    if (key !== '$ref' && referenced.has(key) && pyEquals(referenced.get(key)!, value)) copy.delete(key);
  }
  return copy;
};

export interface NamedField {
  readonly name: string;
  readonly required: boolean;
  readonly schema: () => JsonSchema;
  readonly titleSource: CoreSchema;
}

/** pydantic's `_named_required_fields_schema`: properties in order, automatic titles, `required`. */
export const namedFieldsSchema = (ctx: SchemaContext, fields: readonly NamedField[]): JsonSchema => {
  const properties: JsonSchema = new Map();
  const required: string[] = [];
  for (const field of fields) {
    let json = new Map(field.schema());
    if (!json.has('title') && fieldTitleShouldBeSet(field.titleSource)) json.set('title', titleFromName(field.name));
    json = handleRefOverrides(ctx, json);
    properties.set(field.name, json);
    if (field.required) required.push(field.name);
  }
  const schema: JsonSchema = new Map<string, PyJson>([
    ['type', 'object'],
    ['properties', properties],
  ]);
  if (required.length > 0) schema.set('required', required);
  return schema;
};
