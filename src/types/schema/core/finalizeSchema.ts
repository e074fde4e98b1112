import { applyDiscriminator } from './applyDiscriminator.js';
import type { CoreSchema, CoreSchemaOf } from './coreSchema.js';

type DefinitionRef = CoreSchemaOf<'definition-ref'>;

/** Calls `visit` on each direct child of a schema, in pydantic's traversal order (`traverse_schema`). */
const forEachChild = (schema: CoreSchema, visit: (child: CoreSchema) => void): void => {
  switch (schema.type) {
    case 'definitions':
      visit(schema.schema);
      schema.definitions.forEach(visit);
      return;
    case 'list':
    case 'set':
    case 'frozenset':
      visit(schema.items_schema);
      return;
    case 'tuple':
      schema.items_schema.forEach(visit);
      return;
    case 'dict':
      visit(schema.keys_schema);
      visit(schema.values_schema);
      return;
    case 'union':
      schema.choices.forEach(visit);
      return;
    case 'tagged-union':
      schema.choices.forEach(([, choice]) => visit(choice));
      return;
    case 'model':
      // pydantic walks a model's computed fields before its fields.
      schema.computedFields.forEach((c) => visit(c.returnSchema));
      schema.fields.forEach((f) => visit(f.schema));
      return;
    case 'default':
    case 'nullable':
    case 'function-after':
    case 'deferred-discriminator':
      visit(schema.schema);
      return;
    case 'chain':
      schema.steps.forEach(visit);
      return;
    case 'unapplied-discriminator':
      visit(schema.applied ?? schema.schema);
      return;
    default:
      return;
  }
};

/**
 * pydantic's `finalize_schema` for one class build: every definition referenced exactly once is
 * inlined where it is referenced, the others stay definitions (in the order they were first
 * met), and deferred discriminators are applied (an inner union's before the one around it).
 * A deferred discriminator on a reference met again is left unapplied, and one that an earlier
 * class build left so is applied here if this build meets its reference first (in place: see
 * `unapplied-discriminator`). A reference it inlines becomes its definition in place, for the
 * later builds that share it (see `definition-ref`).
 */
export const finalizeSchema = (root: CoreSchema, defs: ReadonlyMap<string, CoreSchema>): CoreSchema => {
  // `collected` maps each reference to its only `definition-ref`, or to null once it is met again.
  const collected = new Map<string, DefinitionRef | null>();
  // The `definition-ref`s met first for their reference: pydantic collects a deferred
  // discriminator that sits on a reference (a one-model union whose model is still being built)
  // only from these, and never applies one on a reference met again.
  const firstMet = new Set<DefinitionRef>();
  // Pre-order, depth first: a definition is walked where its reference is first met.
  const gather = (schema: CoreSchema): void => {
    if (schema.type === 'definition-ref') {
      if (schema.inlined !== undefined) {
        gather(schema.inlined);
        return;
      }
      if (collected.has(schema.schema_ref)) {
        collected.set(schema.schema_ref, null);
        return;
      }
      collected.set(schema.schema_ref, schema);
      firstMet.add(schema);
      gather(definitionOf(defs, schema.schema_ref));
      return;
    }
    forEachChild(schema, gather);
  };
  gather(root);

  const inlined = new Set<DefinitionRef>();
  for (const ref of collected.values()) if (ref !== null) inlined.add(ref);

  const kept = new Map<string, CoreSchema>();
  const resolveModel = (ref: string): CoreSchemaOf<'model'> | undefined => {
    const definition = kept.get(ref) ?? defs.get(ref);
    return definition?.type === 'model' ? definition : undefined;
  };
  const rebuild = (schema: CoreSchema): CoreSchema => {
    switch (schema.type) {
      case 'definition-ref':
        if (schema.inlined !== undefined) return rebuild(schema.inlined);
        if (!inlined.has(schema)) return schema;
        // In place, as pydantic's `clear()` and `update()` of the reference's dict.
        schema.inlined = rebuild(definitionOf(defs, schema.schema_ref));
        return schema.inlined;
      case 'definitions':
        return { ...schema, schema: rebuild(schema.schema), definitions: schema.definitions.map(rebuild) };
      case 'list':
      case 'set':
      case 'frozenset':
        return { ...schema, items_schema: rebuild(schema.items_schema) };
      case 'tuple':
        return { ...schema, items_schema: schema.items_schema.map(rebuild) };
      case 'dict':
        return { ...schema, keys_schema: rebuild(schema.keys_schema), values_schema: rebuild(schema.values_schema) };
      case 'union':
        return { ...schema, choices: schema.choices.map(rebuild) };
      case 'tagged-union':
        return { ...schema, choices: schema.choices.map(([tag, choice]) => [tag, rebuild(choice)] as const) };
      case 'model':
        return {
          ...schema,
          fields: schema.fields.map((field) => ({ ...field, schema: rebuild(field.schema) })),
          computedFields: schema.computedFields.map((c) => ({ ...c, returnSchema: rebuild(c.returnSchema) })),
        };
      case 'default':
      case 'nullable':
      case 'function-after':
        return { ...schema, schema: rebuild(schema.schema) } as CoreSchema;
      case 'chain':
        return { ...schema, steps: schema.steps.map(rebuild) };
      case 'deferred-discriminator':
        if (schema.schema.type === 'definition-ref' && !firstMet.has(schema.schema)) {
          // Met again, so not inlined: the reference stays, and so does its discriminator.
          return { type: 'unapplied-discriminator', schema: schema.schema, discriminator: schema.discriminator };
        }
        return applyDiscriminator(rebuild(schema.schema), schema.discriminator, resolveModel);
      case 'unapplied-discriminator':
        if (schema.applied !== undefined) return rebuild(schema.applied);
        if (!firstMet.has(schema.schema)) return schema;
        schema.applied = applyDiscriminator(rebuild(schema.schema), schema.discriminator, resolveModel);
        return schema.applied;
      default:
        return schema;
    }
  };
  for (const [ref, only] of collected) {
    if (only === null) kept.set(ref, rebuild(definitionOf(defs, ref)));
  }
  const schema = rebuild(root);
  return kept.size > 0 ? { type: 'definitions', schema, definitions: [...kept.values()] } : schema;
};

const definitionOf = (defs: ReadonlyMap<string, CoreSchema>, ref: string): CoreSchema => {
  const definition = defs.get(ref);
  if (definition === undefined) throw new Error(`core schema reference ${ref} has no definition`);
  return definition;
};
