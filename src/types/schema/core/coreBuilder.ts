import type { PyJson } from '../../../json/pyJson.js';
import type { FieldDeclaration, TypeExpr } from '../../declaration.js';
import { literalValueKey } from '../../../python/pyTypeName.js';
import { isAnnotated } from '../../typeExprKey.js';
import { applyConstraints } from './applyConstraints.js';
import { MissingDefinitionError, applyDiscriminator } from './applyDiscriminator.js';
import { type ComputedField, type CoreSchema, type CoreSchemaOf, type ModelField, isReferenced } from './coreSchema.js';
import type { DeclarationIndex } from './declarationIndex.js';
import { finalizeSchema } from './finalizeSchema.js';
import { unionMembers } from './unionMembers.js';

const defRef = (ref: string): CoreSchema => ({ type: 'definition-ref', schema_ref: ref });

/**
 * One run of pydantic's `GenerateSchema` for one class: declarations in, core schema out. Like
 * pydantic, it reuses the finished schema of a model that is already complete and builds any
 * other model afresh; the result depends on that, so the order of class builds is simulated by
 * `buildClasses`.
 */
export class CoreBuilder {
  private readonly defs = new Map<string, CoreSchema>();
  private readonly recursivelySeen = new Set<string>();

  constructor(
    private readonly index: DeclarationIndex,
    /** The finished schemas of the classes that are complete. */
    private readonly complete: ReadonlyMap<string, CoreSchema>,
  ) {}

  /** `cls.__pydantic_core_schema__` for a model class built now. */
  buildClass(name: string): CoreSchema {
    return finalizeSchema(this.modelSchema(name, true), this.defs);
  }

  typeSchema(expr: TypeExpr): CoreSchema {
    if (!isAnnotated(expr)) return this.bareTypeSchema(expr);
    // `Field(...)` applies its constraints first, then its discriminator.
    const schema = applyConstraints(this.annotatedSchema(expr), expr.constraints, this.lookup);
    return expr.type === 'union' && expr.discriminator !== undefined ? this.discriminated(schema, expr.discriminator) : schema;
  }

  private readonly lookup = (ref: string): CoreSchema | undefined => this.defs.get(ref);

  private readonly modelLookup = (ref: string): CoreSchemaOf<'model'> | undefined => {
    const definition = this.defs.get(ref);
    return definition?.type === 'model' ? definition : undefined;
  };

  // Applied now when every member's definition is known, else when the class is finalized.
  private discriminated(schema: CoreSchema, discriminator: string): CoreSchema {
    try {
      return applyDiscriminator(schema, discriminator, this.modelLookup);
    } catch (error) {
      if (!(error instanceof MissingDefinitionError)) throw error;
      return { type: 'deferred-discriminator', schema, discriminator };
    }
  }

  private bareTypeSchema(expr: TypeExpr): CoreSchema {
    switch (expr.type) {
      case 'str':
      case 'int':
      case 'float':
      case 'bool':
      case 'bytes':
      case 'date':
      case 'time':
      case 'datetime':
      case 'timedelta':
      case 'uuid':
      case 'decimal':
      case 'callable':
        return { type: expr.type };
      case 'none':
        return { type: 'none' };
      case 'any':
        return { type: 'any' };
      case 'url':
        return expr.variant === 'http' ? { type: 'url', max_length: 2083 } : { type: 'url' };
      case 'list':
      case 'set':
      case 'frozenset':
        return { type: expr.type, items_schema: this.optionalSchema(expr.items) };
      case 'dict':
        return { type: 'dict', keys_schema: this.optionalSchema(expr.keys), values_schema: this.optionalSchema(expr.values) };
      case 'tuple':
        return expr.variadic === true
          ? { type: 'tuple', items_schema: expr.items.map((item) => this.typeSchema(item)), variadic_item_index: 0 }
          : { type: 'tuple', items_schema: expr.items.map((item) => this.typeSchema(item)) };
      case 'union':
        return this.unionSchema(expr.members);
      case 'literal':
        return { type: 'literal', expected: literalValues(expr.values) };
      case 'enum':
        return { type: 'enum', ref: this.index.refOf('enum', expr.name), enum: this.index.enum(expr.name) };
      case 'model':
        return this.modelSchema(expr.name, false);
    }
  }

  // pydantic's `_apply_annotations` (a field's type, or `Annotated[T, ...]`) keeps a schema that
  // carries a reference as a definition of the class build; elsewhere an enum's schema is built
  // afresh at every use, inline. So an enum that is a field's own type is a definition:
  // `finalizeSchema` inlines it when used once, and keeps it, placed where first met, when used
  // again. An enum without members is an `is-instance` schema, which carries no reference.
  private annotatedSchema(expr: TypeExpr): CoreSchema {
    if (expr.type !== 'enum') return this.bareTypeSchema(expr);
    const ref = this.index.refOf('enum', expr.name);
    const declared = this.index.enum(expr.name);
    if (declared.members.length === 0) return { type: 'enum', ref, enum: declared };
    this.defs.set(ref, { type: 'enum', ref, enum: declared });
    return defRef(ref);
  }

  private optionalSchema(expr: TypeExpr | undefined): CoreSchema {
    return expr === undefined ? { type: 'any' } : this.typeSchema(expr);
  }

  // pydantic's `_union_schema`: None members make the union nullable; one other member stands alone.
  private unionSchema(members: readonly TypeExpr[]): CoreSchema {
    const args = unionMembers(members);
    const nullable = args.some((arg) => arg.type === 'none' && arg.constraints === undefined);
    const choices = args.filter((arg) => !(arg.type === 'none' && arg.constraints === undefined)).map((arg) => this.typeSchema(arg));
    if (choices.length === 0) return { type: 'none' };
    const schema: CoreSchema = choices.length === 1 ? choices[0]! : { type: 'union', choices };
    return nullable ? { type: 'nullable', schema } : schema;
  }

  // pydantic's `_model_schema`: a reference while in progress or already known, the finished
  // schema of a complete class, or a fresh build of the class's fields.
  private modelSchema(name: string, isOwner: boolean): CoreSchema {
    const ref = this.index.refOf('model', name);
    if (this.recursivelySeen.has(ref) || this.defs.has(ref)) return defRef(ref);
    const complete = isOwner ? undefined : this.complete.get(name);
    if (complete !== undefined) return this.unpack(complete);
    const model = this.index.model(name);
    this.recursivelySeen.add(ref);
    let fields: ModelField[];
    let computedFields: ComputedField[];
    try {
      fields = model.fields.map((field) => this.fieldSchema(field));
      computedFields = (model.computed_fields ?? []).map((computed) => ({
        name: computed.name,
        returnSchema: this.typeSchema(computed.return_type),
        declaration: computed,
      }));
    } finally {
      this.recursivelySeen.delete(ref);
    }
    this.defs.set(ref, { type: 'model', ref, model, fields, computedFields });
    return defRef(ref);
  }

  private unpack(schema: CoreSchema): CoreSchema {
    let inner = schema;
    if (schema.type === 'definitions') {
      for (const definition of schema.definitions) {
        if (isReferenced(definition)) this.defs.set(definition.ref, definition);
      }
      inner = schema.schema;
    }
    // A reference an earlier build inlined is, in pydantic, the model's dict by now: this build
    // refers to it afresh, and so meets the model's reference where it uses the class.
    while (inner.type === 'definition-ref' && inner.inlined !== undefined) inner = inner.inlined;
    if (inner.type !== 'model') return inner;
    this.defs.set(inner.ref, inner);
    return defRef(inner.ref);
  }

  private fieldSchema(field: FieldDeclaration): ModelField {
    // pydantic puts the constraints of `= Field(...)` before those of the type's own
    // `Annotated[T, Field(...)]` (its "HACK 1" in `FieldInfo.from_annotated_attribute`).
    let schema = this.annotatedSchema(field.type);
    // pydantic takes the `Annotated[...]` of a field's own type into the field's `FieldInfo`, so a
    // discriminator on the field's union is the field's (the reader refuses both at once); it
    // applies to the type before any constraint.
    const discriminator = field.discriminator ?? (field.type.type === 'union' ? field.type.discriminator : undefined);
    if (discriminator !== undefined) schema = this.discriminated(schema, discriminator);
    schema = applyConstraints(applyConstraints(schema, field.constraints, this.lookup), field.type.constraints, this.lookup);
    if (field.default !== undefined || field.default_factory !== undefined) {
      schema = { type: 'default', schema, default: field.default, default_factory: field.default_factory };
    }
    const alias = field.alias;
    return {
      name: field.name,
      schema,
      declaration: field,
      validationAlias: field.validation_alias ?? alias,
      serializationAlias: field.serialization_alias ?? alias,
    };
  }
}

// `Literal[...]` drops repeated parameters (equal value and same type), keeping the first.
const literalValues = (values: readonly PyJson[]): PyJson[] => {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = literalValueKey(value);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};
