import { AgentparityError } from '../../../errors.js';
import type { PyJson } from '../../../json/pyJson.js';
import { InvalidTypeError } from '../../../errors.js';
import { pyEquals } from '../../../python/pyEquality.js';
import { pyRepr } from '../../../python/pyRepr.js';
import type { CoreSchema, CoreSchemaOf } from './coreSchema.js';
import { pushAll, reversed } from '../../../util/pushAll.js';

type ModelSchema = CoreSchemaOf<'model'>;

/** A member whose definition is not there yet (its class is still being built): pydantic defers the discriminator. */
export class MissingDefinitionError extends AgentparityError {
  // pydantic's own exception, which it catches itself: an "anything else" kind.
  readonly kind = 'RuntimeError';
}

/**
 * pydantic's `apply_discriminator`: turns the union of a `Field(discriminator=...)` into a
 * tagged union keyed by the `Literal` values of each member's discriminator field. `resolve`
 * finds the model a `definition-ref` member points to; when it finds none, this throws
 * `MissingDefinitionError`.
 */
export const applyDiscriminator = (
  schema: CoreSchema,
  discriminator: string,
  resolve: (ref: string) => ModelSchema | undefined,
): CoreSchema => {
  let isNullable = false;
  let shouldBeNullable = false;
  let alias: string | undefined;
  const tagged: (readonly [PyJson, CoreSchema])[] = [];

  const modelOf = (choice: CoreSchema): ModelSchema | undefined => {
    if (choice.type === 'unapplied-discriminator') return modelOf(choice.schema);
    if (choice.type !== 'definition-ref') return choice.type === 'model' ? choice : undefined;
    const model = resolve(choice.schema_ref);
    if (model === undefined) throw new MissingDefinitionError(choice.schema_ref, { code: 'SCHEMA_DEFINITION_MISSING' });
    return model;
  };

  const literalValues = (schema: CoreSchema, source: string): readonly PyJson[] => {
    switch (schema.type) {
      case 'literal':
        return schema.expected;
      case 'union':
        return schema.choices.flatMap((choice) => literalValues(choice, source));
      case 'default':
      case 'function-after':
        return literalValues(schema.schema, source);
      default:
        throw new InvalidTypeError(`${source} needs field ${pyRepr(discriminator)} to be of type \`Literal\``, { code: 'SCHEMA_DISCRIMINATOR_NOT_LITERAL' });
    }
  };

  const valuesOf = (choice: CoreSchema): readonly PyJson[] => {
    if (choice.type === 'function-after') return valuesOf(choice.schema);
    const model = modelOf(choice);
    if (model === undefined) throw new InvalidTypeError(`The core schema type ${pyRepr(choice.type)} is not a valid discriminated union variant.`, { code: 'SCHEMA_DISCRIMINATOR_VARIANT' });
    const source = `Model ${pyRepr(model.model.name)}`;
    const field = model.fields.find((f) => f.name === discriminator);
    if (field === undefined) throw new InvalidTypeError(`${source} needs a discriminator field for key ${pyRepr(discriminator)}`, { code: 'SCHEMA_DISCRIMINATOR_FIELD_MISSING' });
    const fieldAlias = field.validationAlias ?? discriminator;
    if (alias === undefined) alias = fieldAlias;
    else if (alias !== fieldAlias) {
      throw new InvalidTypeError(`Aliases for discriminator ${pyRepr(discriminator)} must be the same (got ${fieldAlias}, ${alias})`, { code: 'SCHEMA_DISCRIMINATOR_ALIASES_DIFFER' });
    }
    return literalValues(field.schema, source);
  };

  const handleChoice = (choice: CoreSchema, pending: CoreSchema[]): void => {
    if (choice.type === 'none') shouldBeNullable = true;
    else if (choice.type === 'nullable') {
      shouldBeNullable = true;
      handleChoice(choice.schema, pending);
    } else if (choice.type === 'union') pushAll(pending, reversed(choice.choices));
    // A nested union whose own discriminator waits is still a plain union to pydantic here.
    else if (choice.type === 'deferred-discriminator') handleChoice(choice.schema, pending);
    // One applied later (in place) is what it became; until then it is its reference, and stays
    // the member itself, so that the later application shows here too.
    else if (choice.type === 'unapplied-discriminator' && choice.applied !== undefined) handleChoice(choice.applied, pending);
    else if (choice.type === 'tagged-union' && sharesDiscriminator(choice, discriminator)) {
      pushAll(pending, reversed(choice.choices.map(([, sub]) => sub)));
    } else {
      for (const value of valuesOf(choice)) {
        const existing = tagged.find(([key]) => pyEquals(key, value));
        if (existing === undefined) tagged.push([value, choice]);
        else if (existing[1] !== choice) {
          throw new InvalidTypeError(`Value ${pyRepr(value)} for discriminator ${pyRepr(discriminator)} mapped to multiple choices`, { code: 'SCHEMA_DISCRIMINATOR_VALUE_CLASH' });
        }
      }
    }
  };

  const applyToRoot = (root: CoreSchema): CoreSchema => {
    if (root.type === 'nullable') {
      isNullable = true;
      return { ...root, schema: applyToRoot(root.schema) };
    }
    const choices = root.type === 'union' ? root.choices : [root];
    const pending = [...choices].reverse();
    while (pending.length > 0) handleChoice(pending.pop()!, pending);
    const key = alias !== undefined && alias !== discriminator ? ([discriminator, alias] as const) : discriminator;
    return { type: 'tagged-union', choices: tagged, discriminator: key };
  };

  const result = applyToRoot(schema);
  return shouldBeNullable && !isNullable ? { type: 'nullable', schema: result } : result;
};

const sharesDiscriminator = (choice: CoreSchemaOf<'tagged-union'>, discriminator: string): boolean =>
  typeof choice.discriminator === 'string' ? choice.discriminator === discriminator : choice.discriminator.includes(discriminator);
