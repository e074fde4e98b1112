import type { PyFloat, PyJson } from '../json/pyJson.js';

/**
 * The neutral declaration format (`pydantic-neutral-declaration/1`): the one description of input
 * and result types that both languages read. Python builds pydantic models from it; TypeScript
 * renders pydantic's JSON Schema from it and validates values against it.
 */
export const DECLARATION_FORMAT = 'pydantic-neutral-declaration/1';

export type SchemaMode = 'validation' | 'serialization';

export type ScalarTypeName =
  | 'str'
  | 'int'
  | 'float'
  | 'bool'
  | 'bytes'
  | 'none'
  | 'any'
  | 'datetime'
  | 'date'
  | 'time'
  | 'timedelta'
  | 'uuid'
  | 'decimal'
  | 'callable';

/** A number that keeps its Python kind: `ge=0.0` renders as `0.0`, `ge=0` as `0`. */
export type PyNumber = number | bigint | PyFloat;

export interface Constraints {
  readonly ge?: PyNumber;
  readonly gt?: PyNumber;
  readonly le?: PyNumber;
  readonly lt?: PyNumber;
  readonly multiple_of?: PyNumber;
  readonly min_length?: number;
  readonly max_length?: number;
  readonly pattern?: string;
}

interface TypeNodeBase {
  /** `Annotated[T, Field(...)]` constraints on this node. */
  readonly constraints?: Constraints;
}

export type TypeExpr =
  | (TypeNodeBase & { readonly type: ScalarTypeName })
  | (TypeNodeBase & { readonly type: 'url'; readonly variant: 'any' | 'http' })
  | (TypeNodeBase & { readonly type: 'list' | 'set' | 'frozenset'; readonly items?: TypeExpr })
  | (TypeNodeBase & { readonly type: 'dict'; readonly keys?: TypeExpr; readonly values?: TypeExpr })
  | (TypeNodeBase & { readonly type: 'tuple'; readonly items: readonly TypeExpr[]; readonly variadic?: boolean })
  | (TypeNodeBase & {
      readonly type: 'union';
      readonly members: readonly TypeExpr[];
      /** `Annotated[Union[...], Field(discriminator=...)]`: a tagged union on the given field of its models. */
      readonly discriminator?: string;
    })
  | (TypeNodeBase & { readonly type: 'literal'; readonly values: readonly PyJson[] })
  | (TypeNodeBase & { readonly type: 'enum'; readonly name: string })
  | (TypeNodeBase & { readonly type: 'model'; readonly name: string });

export type DefaultKind =
  | 'int'
  | 'float'
  | 'str'
  | 'bool'
  | 'null'
  | 'list'
  | 'dict'
  | 'tuple'
  | 'set'
  | 'frozenset'
  | 'bytes'
  | 'datetime'
  | 'date'
  | 'time'
  | 'timedelta'
  | 'uuid'
  | 'decimal'
  | 'enum'
  | 'model';

export interface DefaultValue {
  readonly value: PyJson;
  readonly kind: DefaultKind;
  /** The enum a default of kind `enum` belongs to. */
  readonly enum?: string;
  /** The model a default of kind `model` instantiates. */
  readonly model?: string;
}

export type DefaultFactory = { readonly builtin: 'list' | 'dict' | 'set' } | { readonly returns: DefaultValue };

export interface FieldDeclaration {
  /** The Python attribute name. */
  readonly name: string;
  readonly type: TypeExpr;
  readonly required: boolean;
  readonly default?: DefaultValue;
  readonly default_factory?: DefaultFactory;
  readonly alias?: string;
  readonly validation_alias?: string;
  readonly serialization_alias?: string;
  readonly title?: string;
  readonly description?: string;
  readonly examples?: PyJson;
  readonly json_schema_extra?: PyJson;
  readonly deprecated?: boolean;
  readonly discriminator?: string;
  readonly constraints?: Constraints;
}

export interface ComputedFieldDeclaration {
  readonly name: string;
  readonly return_type: TypeExpr;
  readonly description?: string;
  readonly title?: string;
}

export interface ModelConfig {
  readonly title?: string;
  readonly extra?: 'allow' | 'ignore' | 'forbid';
  readonly json_schema_extra?: PyJson;
  readonly json_schema_serialization_defaults_required?: boolean;
}

export interface ModelDeclaration {
  readonly name: string;
  readonly doc?: string | null;
  readonly config?: ModelConfig;
  readonly fields: readonly FieldDeclaration[];
  readonly computed_fields?: readonly ComputedFieldDeclaration[];
}

export interface EnumMember {
  readonly name: string;
  readonly value: PyJson;
}

export interface EnumDeclaration {
  readonly name: string;
  readonly doc?: string | null;
  readonly base?: 'str' | 'int' | null;
  readonly members: readonly EnumMember[];
}

export interface Declaration {
  readonly format: typeof DECLARATION_FORMAT;
  readonly root?: string;
  readonly mode?: SchemaMode;
  readonly enums?: readonly EnumDeclaration[];
  readonly models?: readonly ModelDeclaration[];
}
