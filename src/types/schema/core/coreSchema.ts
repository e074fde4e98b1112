import type { PyJson } from '../../../json/pyJson.js';
import type {
  ComputedFieldDeclaration,
  DefaultFactory,
  DefaultValue,
  EnumDeclaration,
  FieldDeclaration,
  ModelDeclaration,
  PyNumber,
} from '../../declaration.js';

/**
 * The intermediate form between a declaration and its JSON Schema: the part of pydantic-core's
 * core schemas that declarations can produce, with pydantic's names and nesting. Rendering goes
 * through it because pydantic decides much of its output on this level: which union is
 * `nullable`, which constraint wraps its type in a validator, which model is inlined and which
 * is kept as a definition.
 */
export interface NumericConstraints {
  readonly gt?: PyNumber;
  readonly ge?: PyNumber;
  readonly lt?: PyNumber;
  readonly le?: PyNumber;
  readonly multiple_of?: PyNumber;
}

interface LengthConstraints {
  readonly min_length?: number;
  readonly max_length?: number;
}

/** A model field: its name, aliases, schema, and the declaration its JSON Schema updates come from. */
export interface ModelField {
  readonly name: string;
  readonly schema: CoreSchema;
  readonly declaration: FieldDeclaration;
  readonly validationAlias?: string;
  readonly serializationAlias?: string;
}

export interface ComputedField {
  readonly name: string;
  readonly returnSchema: CoreSchema;
  readonly declaration: ComputedFieldDeclaration;
}

interface CoreSchemaFields {
  any: object;
  none: object;
  bool: object;
  int: NumericConstraints;
  float: NumericConstraints;
  decimal: NumericConstraints;
  str: LengthConstraints & { readonly pattern?: string };
  bytes: LengthConstraints & { readonly pattern?: string };
  date: NumericConstraints;
  time: NumericConstraints;
  datetime: NumericConstraints;
  timedelta: NumericConstraints;
  uuid: object;
  url: { readonly max_length?: number };
  callable: object;
  list: LengthConstraints & { readonly items_schema: CoreSchema };
  set: LengthConstraints & { readonly items_schema: CoreSchema };
  frozenset: LengthConstraints & { readonly items_schema: CoreSchema };
  tuple: LengthConstraints & { readonly items_schema: readonly CoreSchema[]; readonly variadic_item_index?: number };
  dict: LengthConstraints & { readonly keys_schema: CoreSchema; readonly values_schema: CoreSchema };
  literal: { readonly expected: readonly PyJson[] };
  /** `ref` is pydantic's `module.qualname:id`, from which it makes the `$defs` key. */
  enum: { readonly ref: string; readonly enum: EnumDeclaration };
  model: {
    readonly ref: string;
    readonly model: ModelDeclaration;
    readonly fields: readonly ModelField[];
    readonly computedFields: readonly ComputedField[];
  };
  /**
   * `inlined` is what a class build made of this reference when it inlined it: pydantic turns
   * the `definition-ref` dict into its definition in place, so every later class build that
   * reuses a schema holding it meets the definition there, not a reference (set by
   * `finalizeSchema`).
   */
  'definition-ref': { readonly schema_ref: string; inlined?: CoreSchema };
  definitions: { readonly schema: CoreSchema; readonly definitions: readonly CoreSchema[] };
  nullable: { readonly schema: CoreSchema };
  union: { readonly choices: readonly CoreSchema[] };
  'tagged-union': {
    /** Each discriminator value with its member, in the order pydantic meets them. */
    readonly choices: readonly (readonly [PyJson, CoreSchema])[];
    /** The discriminator field name, or the name and its alias when the members alias it. */
    readonly discriminator: string | readonly [string, string];
  };
  default: {
    readonly schema: CoreSchema;
    readonly default?: DefaultValue;
    readonly default_factory?: DefaultFactory;
  };
  'function-after': { readonly schema: CoreSchema; readonly jsUpdates: ReadonlyMap<string, PyJson> };
  /**
   * A union with a discriminator (`Field(discriminator=...)`, `Annotated[Union[...], Field(...)]`)
   * whose members' definitions were not all there yet (a member is still being built):
   * `finalizeSchema` applies the discriminator, as pydantic applies a deferred one. No finished
   * class schema holds one.
   */
  'deferred-discriminator': { readonly schema: CoreSchema; readonly discriminator: string };
  /**
   * A deferred discriminator that its class build left unapplied: it sat on a reference that
   * build met again (a one-model union whose model was still being built). pydantic leaves it on
   * that `definition-ref`, which every later class build that reuses this class's schema shares;
   * the first of them that meets the reference first applies it there, in place, so the schema
   * of this class (and of every class sharing it) changes too. `applied` is that change, set
   * once, by `finalizeSchema`; until then the node is the reference.
   */
  'unapplied-discriminator': {
    readonly schema: CoreSchemaOf<'definition-ref'>;
    readonly discriminator: string;
    applied?: CoreSchema;
  };
  chain: { readonly steps: readonly CoreSchema[] };
}

export type CoreSchemaType = keyof CoreSchemaFields;

/** The core schema of one kind. */
export type CoreSchemaOf<K extends CoreSchemaType> = { readonly type: K } & CoreSchemaFields[K];

export type CoreSchema = { [K in CoreSchemaType]: CoreSchemaOf<K> }[CoreSchemaType];

/** The schemas pydantic keeps under a reference (`ref`): models and enums. */
export type ReferencedSchema = CoreSchemaOf<'model'> | CoreSchemaOf<'enum'>;

export const isReferenced = (schema: CoreSchema): schema is ReferencedSchema =>
  schema.type === 'model' || schema.type === 'enum';
