import type { PyJson } from '../json/pyJson.js';
import type {
  ComputedFieldDeclaration,
  Constraints,
  Declaration,
  DefaultFactory,
  EnumDeclaration,
  FieldDeclaration,
  ModelConfig,
  ModelDeclaration,
  SchemaMode,
  ScalarTypeName,
  TypeExpr,
} from './declaration.js';
import { DECLARATION_FORMAT } from './declaration.js';
import { ExplicitDefault, inferDefault, toTree, type BuilderValue } from './builderValues.js';
import { readDeclaration } from './readDeclaration.js';

export { d, ExplicitDefault, type BuilderValue } from './builderValues.js';

const withConstraints = <T extends TypeExpr>(expr: T, constraints: Constraints | undefined): T =>
  constraints === undefined ? expr : { ...expr, constraints };

const scalar = (type: ScalarTypeName) => (constraints?: Constraints): TypeExpr => withConstraints({ type }, constraints);

const nameOf = (ref: string | { readonly name: string }): string => (typeof ref === 'string' ? ref : ref.name);

/**
 * Type expressions. Numbers in constraints keep their Python kind: `{ ge: 0 }` is `ge=0`,
 * `{ ge: new PyFloat(0) }` is `ge=0.0`.
 */
export const t = {
  str: scalar('str'),
  int: scalar('int'),
  float: scalar('float'),
  bool: scalar('bool'),
  bytes: scalar('bytes'),
  none: scalar('none'),
  any: scalar('any'),
  datetime: scalar('datetime'),
  date: scalar('date'),
  time: scalar('time'),
  timedelta: scalar('timedelta'),
  uuid: scalar('uuid'),
  decimal: scalar('decimal'),
  /** `Callable[..., Any]`: pydantic accepts it, but cannot render it as JSON Schema. */
  callable: scalar('callable'),
  url: (variant: 'any' | 'http' = 'any', constraints?: Constraints): TypeExpr => withConstraints({ type: 'url', variant }, constraints),
  list: (items?: TypeExpr, constraints?: Constraints): TypeExpr => withConstraints(items ? { type: 'list', items } : { type: 'list' }, constraints),
  set: (items?: TypeExpr, constraints?: Constraints): TypeExpr => withConstraints(items ? { type: 'set', items } : { type: 'set' }, constraints),
  frozenset: (items?: TypeExpr, constraints?: Constraints): TypeExpr =>
    withConstraints(items ? { type: 'frozenset', items } : { type: 'frozenset' }, constraints),
  dict: (keys?: TypeExpr, values?: TypeExpr, constraints?: Constraints): TypeExpr =>
    withConstraints({ type: 'dict', ...(keys && { keys }), ...(values && { values }) }, constraints),
  /** `tuple[A, B]`; `t.tuple([])` is `tuple[()]`. */
  tuple: (items: readonly TypeExpr[], constraints?: Constraints): TypeExpr => withConstraints({ type: 'tuple', items }, constraints),
  /** `tuple[X, ...]`. */
  tupleOf: (item: TypeExpr, constraints?: Constraints): TypeExpr =>
    withConstraints({ type: 'tuple', items: [item], variadic: true }, constraints),
  union: (members: readonly TypeExpr[], constraints?: Constraints): TypeExpr => withConstraints({ type: 'union', members }, constraints),
  /** `Annotated[Union[members], Field(discriminator=key)]`: a union tagged by its models' `key` field, usable anywhere. */
  tagged: (key: string, members: readonly TypeExpr[]): TypeExpr => ({ type: 'union', members, discriminator: key }),
  /** `Optional[X]`, that is `Union[X, None]`. */
  optional: (member: TypeExpr): TypeExpr => ({ type: 'union', members: [member, { type: 'none' }] }),
  literal: (...values: readonly BuilderValue[]): TypeExpr => ({ type: 'literal', values: values.map(toTree) }),
  enum: (ref: string | EnumDeclaration): TypeExpr => ({ type: 'enum', name: nameOf(ref) }),
  /** A model by its declaration, or by name (for a model declared later, or itself). */
  model: (ref: string | ModelDeclaration): TypeExpr => ({ type: 'model', name: nameOf(ref) }),
} as const;

export interface FieldOptions {
  /** A default; its kind follows the field type (see `inferDefault`) unless stated with `d`. */
  readonly default?: BuilderValue | ExplicitDefault;
  readonly factory?: 'list' | 'dict' | 'set' | { readonly returns: BuilderValue | ExplicitDefault };
  readonly alias?: string;
  readonly validation_alias?: string;
  readonly serialization_alias?: string;
  readonly title?: string;
  readonly description?: string;
  readonly examples?: readonly BuilderValue[];
  readonly json_schema_extra?: BuilderValue;
  readonly deprecated?: boolean;
  readonly discriminator?: string;
  readonly constraints?: Constraints;
}

/** A field with options; a field given as a bare type expression is required. */
export class FieldSpec {
  constructor(
    readonly type: TypeExpr,
    readonly options: FieldOptions = {},
  ) {}
}

export const field = (type: TypeExpr, options?: FieldOptions): FieldSpec => new FieldSpec(type, options);

export class ComputedSpec {
  constructor(
    readonly returnType: TypeExpr,
    readonly options: { readonly description?: string; readonly title?: string } = {},
  ) {}
}

/** A `@computed_field` property (shown in serialization mode only). */
export const computed = (returnType: TypeExpr, options?: { description?: string; title?: string }): ComputedSpec =>
  new ComputedSpec(returnType, options);

const PASS_THROUGH = ['alias', 'validation_alias', 'serialization_alias', 'title', 'description', 'deprecated', 'discriminator', 'constraints'] as const;

const buildField = (name: string, spec: TypeExpr | FieldSpec): FieldDeclaration => {
  const { type, options } = spec instanceof FieldSpec ? spec : new FieldSpec(spec);
  const factory = options.factory;
  const defaultFactory: DefaultFactory | undefined =
    factory === undefined ? undefined : typeof factory === 'string' ? { builtin: factory } : { returns: inferDefault(type, factory.returns) };
  const rest: Record<string, unknown> = {};
  for (const key of PASS_THROUGH) if (options[key] !== undefined) rest[key] = options[key];
  if (options.examples !== undefined) rest.examples = options.examples.map(toTree);
  if (options.json_schema_extra !== undefined) rest.json_schema_extra = toTree(options.json_schema_extra);
  return {
    name,
    type,
    required: options.default === undefined && defaultFactory === undefined,
    ...(options.default !== undefined && { default: inferDefault(type, options.default) }),
    ...(defaultFactory && { default_factory: defaultFactory }),
    ...rest,
  };
};

export interface ModelOptions {
  readonly doc?: string;
  readonly config?: Omit<ModelConfig, 'json_schema_extra'> & { readonly json_schema_extra?: BuilderValue };
  readonly computed?: Readonly<Record<string, ComputedSpec>>;
}

/** A model; fields are in the object's key order (field names cannot be integer-like). */
export const defineModel = (name: string, fields: Readonly<Record<string, TypeExpr | FieldSpec>>, options: ModelOptions = {}): ModelDeclaration => {
  const config = options.config && {
    ...options.config,
    ...(options.config.json_schema_extra !== undefined && { json_schema_extra: toTree(options.config.json_schema_extra) }),
  };
  const computedFields = options.computed && Object.entries(options.computed).map(
    ([fieldName, spec]): ComputedFieldDeclaration => ({ name: fieldName, return_type: spec.returnType, ...spec.options }),
  );
  return {
    name,
    ...(options.doc !== undefined && { doc: options.doc }),
    ...(config && { config: config as ModelConfig }),
    fields: Object.entries(fields).map(([fieldName, spec]) => buildField(fieldName, spec)),
    ...(computedFields && { computed_fields: computedFields }),
  };
};

/** An enum; members in the object's key order, each name mapped to its value. */
export const defineEnum = (
  name: string,
  members: Readonly<Record<string, null | boolean | string | number | bigint | PyJson>>,
  options: { readonly doc?: string; readonly base?: 'str' | 'int' } = {},
): EnumDeclaration => ({
  name,
  ...(options.doc !== undefined && { doc: options.doc }),
  ...(options.base !== undefined && { base: options.base }),
  members: Object.entries(members).map(([memberName, value]) => ({ name: memberName, value })),
});

export interface DeclarationOptions {
  readonly root?: string | ModelDeclaration;
  readonly mode?: SchemaMode;
  readonly enums?: readonly EnumDeclaration[];
  readonly models?: readonly ModelDeclaration[];
}

/**
 * The declaration, validated by `readDeclaration` (a mistake throws its `DeclarationError`), so
 * what the builder gives is exactly what reading the same declaration from a file gives.
 */
export const declaration = (options: DeclarationOptions): Declaration => {
  const built: Declaration = {
    format: DECLARATION_FORMAT,
    ...(options.root !== undefined && { root: nameOf(options.root) }),
    ...(options.mode !== undefined && { mode: options.mode }),
    ...(options.enums !== undefined && { enums: options.enums }),
    ...(options.models !== undefined && { models: options.models }),
  };
  // A Declaration is a JSON tree of plain objects; TypeScript cannot see that through interfaces.
  return readDeclaration(built as unknown as PyJson);
};
