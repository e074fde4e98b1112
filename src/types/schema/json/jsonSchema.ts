import type { PyJson } from '../../../json/pyJson.js';
import type { ModelConfig, SchemaMode } from '../../declaration.js';
import type { CoreSchema } from '../core/coreSchema.js';
import type { DeclarationIndex } from '../core/declarationIndex.js';

/** A JSON Schema object under construction; a Map, so that keys keep pydantic's insertion order. */
export type JsonSchema = Map<string, PyJson>;

/** A key of `$defs` (pydantic's `DefsRef`). */
export type DefsRef = string & { readonly __brand: 'DefsRef' };

/** A `$ref` value, `#/$defs/<key>` (pydantic's `JsonRef`). */
export type JsonRef = string & { readonly __brand: 'JsonRef' };

/** What the per-kind generators need from the generator that runs them. */
export interface SchemaContext {
  readonly mode: SchemaMode;
  readonly index: DeclarationIndex;
  /** The config of the model whose fields are being generated. */
  readonly config: ModelConfig;
  generateInner(schema: CoreSchema): JsonSchema;
  withConfig<T>(config: ModelConfig, run: () => T): T;
  /** The definition a `$ref` points to, if it has been generated (throws the error recorded for it, if any). */
  definitionOf(ref: JsonRef): JsonSchema | undefined;
  /** The `$defs` key and `{"$ref": ...}` for a core reference, made on first use. */
  refSchema(coreRef: string): readonly [DefsRef, JsonSchema];
}

/** A schema object with these entries, in this order. */
export const schemaOf = (...entries: (readonly [string, PyJson])[]): JsonSchema => new Map(entries);

export const isJsonSchema = (value: PyJson | undefined): value is JsonSchema => value instanceof Map;

/** `{**schema, **updates}` in place: existing keys keep their place, new keys go last. */
export const updateSchema = (schema: JsonSchema, updates: Iterable<readonly [string, PyJson]>): JsonSchema => {
  for (const [key, value] of updates) schema.set(key, value);
  return schema;
};

/** pydantic's `ValidationsMapping`: core constraint names and the JSON Schema keywords they become. */
export const VALIDATIONS = {
  numeric: [
    ['multiple_of', 'multipleOf'],
    ['le', 'maximum'],
    ['ge', 'minimum'],
    ['lt', 'exclusiveMaximum'],
    ['gt', 'exclusiveMinimum'],
  ],
  bytes: [
    ['min_length', 'minLength'],
    ['max_length', 'maxLength'],
  ],
  string: [
    ['min_length', 'minLength'],
    ['max_length', 'maxLength'],
    ['pattern', 'pattern'],
  ],
  array: [
    ['min_length', 'minItems'],
    ['max_length', 'maxItems'],
  ],
  object: [
    ['min_length', 'minProperties'],
    ['max_length', 'maxProperties'],
  ],
} as const satisfies Record<string, readonly (readonly [string, string])[]>;

/** pydantic's `update_with_validations`: copies the constraints a core schema has into the JSON Schema. */
export const updateWithValidations = (
  schema: JsonSchema,
  core: object,
  mapping: readonly (readonly [string, string])[],
): JsonSchema => {
  const source = core as Readonly<Record<string, PyJson | undefined>>;
  for (const [coreKey, jsonKey] of mapping) {
    const value = source[coreKey];
    if (value !== undefined) schema.set(jsonKey, value);
  }
  return schema;
};
