import type { PyJson } from '../../../json/pyJson.js';
import { SchemaRenderError } from '../../schemaRenderError.js';
import type { CoreSchema, CoreSchemaOf } from '../core/coreSchema.js';
import { deduplicateLastWins, pyEqualityKey } from '../../../python/pyEquality.js';
import { pyStr } from '../../../python/pyRepr.js';
import { type JsonRef, type JsonSchema, type SchemaContext, isJsonSchema } from './jsonSchema.js';

/** pydantic's `_deduplicate_schemas`: equal schemas (by Python equality) collapse onto the first one's place. */
const deduplicateSchemas = (schemas: Iterable<JsonSchema>): JsonSchema[] => deduplicateLastWins(schemas, pyEqualityKey);

/** pydantic's `get_flattened_anyof`: members that are nothing but an `anyOf` are spliced in. */
const flattenedAnyOf = (schemas: readonly JsonSchema[]): JsonSchema => {
  const members: JsonSchema[] = [];
  for (const schema of schemas) {
    const anyOf = schema.get('anyOf');
    if (schema.size === 1 && Array.isArray(anyOf)) members.push(...(anyOf as JsonSchema[]));
    else members.push(schema);
  }
  const unique = deduplicateSchemas(members);
  return unique.length === 1 ? unique[0]! : new Map<string, PyJson>([['anyOf', unique]]);
};

// A member pydantic cannot render (PydanticInvalidForJsonSchema) is left out of a union, with a
// warning; any other error goes through.
const generateChoices = (ctx: SchemaContext, choices: Iterable<readonly [string, CoreSchema]>): [string, JsonSchema][] => {
  const generated: [string, JsonSchema][] = [];
  for (const [key, choice] of choices) {
    try {
      generated.push([key, ctx.generateInner(choice)]);
    } catch (error) {
      if (!(error instanceof SchemaRenderError && error.raised === 'invalid-for-json-schema')) throw error;
    }
  }
  return generated;
};

export const nullableSchema = (ctx: SchemaContext, schema: CoreSchemaOf<'nullable'>): JsonSchema => {
  const inner = ctx.generateInner(schema.schema);
  if (inner.size === 1 && inner.get('type') === 'null') return new Map([['type', 'null']]);
  return flattenedAnyOf([inner, new Map([['type', 'null']])]);
};

export const unionSchema = (ctx: SchemaContext, schema: CoreSchemaOf<'union'>): JsonSchema => {
  const generated = generateChoices(ctx, schema.choices.map((choice) => ['', choice] as const)).map(([, json]) => json);
  return generated.length === 1 ? generated[0]! : flattenedAnyOf(generated);
};

export const taggedUnionSchema = (ctx: SchemaContext, schema: CoreSchemaOf<'tagged-union'>): JsonSchema => {
  // Keys are `str()` of the tags: JSON keys must be strings.
  const generated = new Map(
    generateChoices(
      ctx,
      schema.choices.map(([tag, choice]) => [pyStr(tag), choice] as const),
    ).map(([key, json]) => [key, new Map(json)] as const),
  );
  const oneOf = deduplicateSchemas(generated.values());
  const json: JsonSchema = new Map([['oneOf', oneOf]]);
  const propertyName = openApiDiscriminator(ctx, schema.discriminator, oneOf);
  if (propertyName !== undefined) {
    const mapping = new Map<string, PyJson>([...generated].map(([key, choice]) => [key, choice.get('$ref') ?? choice]));
    json.set('discriminator', new Map<string, PyJson>([
      ['propertyName', propertyName],
      ['mapping', mapping],
    ]));
  }
  return json;
};

// With an aliased discriminator field pydantic names the alias, but only if every member's
// (already generated) schema has a property of that name.
const openApiDiscriminator = (
  ctx: SchemaContext,
  discriminator: string | readonly [string, string],
  oneOf: readonly JsonSchema[],
): string | undefined => {
  if (typeof discriminator === 'string') return discriminator;
  for (const alias of discriminator) {
    const onAll = oneOf.every((choice) => {
      const resolved = resolveRefSchema(ctx, choice);
      const properties = resolved?.get('properties');
      return isJsonSchema(properties) && properties.has(alias);
    });
    if (onAll) return alias;
  }
  return undefined;
};

// `resolve_ref_schema`, with pydantic's fallback when the definition is not generated yet: `{}`.
const resolveRefSchema = (ctx: SchemaContext, schema: JsonSchema): JsonSchema | undefined => {
  let current: JsonSchema | undefined = schema;
  while (current?.has('$ref')) current = ctx.definitionOf(current.get('$ref') as JsonRef);
  return current;
};
