import { SchemaRenderError } from '../../schemaRenderError.js';
import type { CoreSchemaOf } from '../core/coreSchema.js';
import { toMapTree } from '../values/mapTree.js';
import { dumpModel } from './dumpModel.js';
import { encodeDefault, sortedSetDefault } from './encodeDefault.js';
import { type JsonSchema, type SchemaContext, updateSchema } from './jsonSchema.js';

/** A field's default: shown when it is a value (encoded by its own type), never for a factory. */
export const defaultSchema = (ctx: SchemaContext, schema: CoreSchemaOf<'default'>): JsonSchema => {
  const json = ctx.generateInner(schema.schema);
  if (schema.default === undefined) return json;
  const dft = schema.default;
  const encoded =
    dft.kind === 'set' || dft.kind === 'frozenset'
      ? sortedSetDefault(dft.value)
      : encodeDefault({ index: ctx.index, copies: 0 }, dft, dumpModel);
  json.set('default', toMapTree(encoded));
  return json;
};

/** A validator that stands for a constraint its type does not take: the constraint's keyword over the type's schema. */
export const functionAfterSchema = (ctx: SchemaContext, schema: CoreSchemaOf<'function-after'>): JsonSchema =>
  updateSchema(ctx.generateInner(schema.schema), schema.jsUpdates);

/** A chain validates with its first step and serializes with its last. */
export const chainSchema = (ctx: SchemaContext, schema: CoreSchemaOf<'chain'>): JsonSchema =>
  ctx.generateInner(ctx.mode === 'validation' ? schema.steps[0]! : schema.steps[schema.steps.length - 1]!);

/** `finalizeSchema` applies every deferred discriminator, so generation never meets one. */
export const deferredDiscriminatorSchema = (): JsonSchema => {
  throw new Error('a deferred discriminator was left in a finalized core schema');
};

/** The reference, or the tagged union a later class build made of it in place. */
export const unappliedDiscriminatorSchema = (ctx: SchemaContext, schema: CoreSchemaOf<'unapplied-discriminator'>): JsonSchema =>
  ctx.generateInner(schema.applied ?? schema.schema);

export const definitionRefSchema = (ctx: SchemaContext, schema: CoreSchemaOf<'definition-ref'>): JsonSchema => {
  const [, ref] = ctx.refSchema(schema.schema_ref);
  return ref;
};

export interface DefinitionsContext extends SchemaContext {
  /** Records that a definition cannot be rendered; a later use of it raises the same error. */
  recordInvalidDefinition(coreRef: string, error: SchemaRenderError): void;
}

/** Definitions are generated first, in order; one pydantic cannot render is remembered, not raised. */
export const definitionsSchema = (ctx: DefinitionsContext, schema: CoreSchemaOf<'definitions'>): JsonSchema => {
  for (const definition of schema.definitions) {
    try {
      ctx.generateInner(definition);
    } catch (error) {
      if (!(error instanceof SchemaRenderError && error.raised === 'invalid-for-json-schema') || definition.type !== 'model') throw error;
      ctx.recordInvalidDefinition(definition.ref, error);
    }
  }
  return ctx.generateInner(schema.schema);
};
