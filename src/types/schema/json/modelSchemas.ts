import { isPlainObject, objectEntries, type PyJson } from '../../../json/pyJson.js';
import type { ModelDeclaration } from '../../declaration.js';
import type { CoreSchemaOf, ModelField } from '../core/coreSchema.js';
import { cleandoc } from '../../../python/pyText.js';
import { pyEquals } from '../../../python/pyEquality.js';
import { pyTypeName, type PyTypeName } from '../../../python/pyTypeName.js';
import { computedFieldSchema, modelFieldSchema, namedFieldsSchema, type NamedField } from './fieldSchemas.js';
import { toMapTree } from '../values/mapTree.js';
import type { JsonSchema, SchemaContext } from './jsonSchema.js';

const fieldKey = (ctx: SchemaContext, field: ModelField): string =>
  (ctx.mode === 'validation' ? field.validationAlias : field.serializationAlias) ?? field.name;

// pydantic's `field_is_required`: no default and no factory; in serialization mode the config
// may require every field.
const isRequired = (ctx: SchemaContext, field: ModelField): boolean =>
  (ctx.mode === 'serialization' && ctx.config.json_schema_serialization_defaults_required === true) || field.schema.type !== 'default';

/** pydantic's `model_fields_schema`: the fields, and in serialization mode the computed fields, all required. */
const modelFieldsSchema = (ctx: SchemaContext, schema: CoreSchemaOf<'model'>): JsonSchema => {
  const fields: NamedField[] = schema.fields.map((field) => ({
    name: fieldKey(ctx, field),
    required: isRequired(ctx, field),
    schema: () => modelFieldSchema(ctx, field),
    titleSource: field.schema,
  }));
  if (ctx.mode === 'serialization') {
    for (const computed of schema.computedFields) {
      fields.push({ name: computed.name, required: true, schema: () => computedFieldSchema(ctx, computed), titleSource: computed.returnSchema });
    }
  }
  return namedFieldsSchema(ctx, fields);
};

/** pydantic's `_update_class_schema`: title, docstring, `additionalProperties`, `json_schema_extra`. */
const updateClassSchema = (json: JsonSchema, model: ModelDeclaration): void => {
  const config = model.config ?? {};
  if (config.title !== undefined && !json.has('title')) json.set('title', config.title);
  if (!json.has('title')) json.set('title', model.name);
  if (model.doc && !json.has('description')) json.set('description', cleandoc(model.doc));
  if (!json.has('additionalProperties')) {
    if (config.extra === 'allow') json.set('additionalProperties', true);
    else if (config.extra === 'forbid') json.set('additionalProperties', false);
  }
  const extra = config.json_schema_extra;
  if (extra instanceof Map || isPlainObject(extra)) for (const [key, value] of objectEntries(extra)) json.set(key, toMapTree(value));
};

export const modelSchema = (ctx: SchemaContext, schema: CoreSchemaOf<'model'>): JsonSchema => {
  const json = ctx.withConfig(schema.model.config ?? {}, () => modelFieldsSchema(ctx, schema));
  updateClassSchema(json, schema.model);
  return json;
};

const ENUM_TYPES: Partial<Record<PyTypeName, string>> = { str: 'string', int: 'integer', float: 'number', bool: 'boolean', list: 'array' };

/** The values of an enum's members; a member whose value equals an earlier one's is an alias of it. */
const enumValues = (schema: CoreSchemaOf<'enum'>): PyJson[] => {
  const canonical: PyJson[] = [];
  return schema.enum.members.map((member) => {
    const earlier = canonical.find((value) => pyEquals(value, member.value));
    if (earlier !== undefined) return earlier;
    const value = toMapTree(member.value);
    canonical.push(value);
    return value;
  });
};

export const enumSchema = (_ctx: SchemaContext, schema: CoreSchemaOf<'enum'>): JsonSchema => {
  const { name, doc } = schema.enum;
  const json: JsonSchema = new Map<string, PyJson>([['title', name]]);
  const description = doc ? cleandoc(doc) : undefined;
  if (description !== undefined && description !== 'An enumeration.') json.set('description', description);
  const values = enumValues(schema);
  json.set('enum', values);
  const types = new Set(values.map((value) => pyTypeName(value)));
  const [only] = types;
  const type = types.size === 1 && only !== undefined ? ENUM_TYPES[only] : undefined;
  if (type !== undefined) json.set('type', type);
  return json;
};
