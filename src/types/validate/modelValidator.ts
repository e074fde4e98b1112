import type { Declaration, FieldDeclaration, ModelDeclaration, TypeExpr } from '../declaration.js';
import { constraintTarget } from '../readConstraints.js';
import { dumpDefault, dumpFactory, type DumpModel } from './dumpDefault.js';
import { UncomputedField, Uninferred } from './dumpMarkers.js';
import { dictEntries, inputKind } from './inputKind.js';
import { modelBrandOf } from './modelBrand.js';
import { EXACT, STRICT, accepted, refused, within, type ValidationIssue, type Validator } from './outcome.js';
import { pushAll } from '../../util/pushAll.js';

export interface ModelValidatorParts {
  readonly declaration: Declaration;
  readonly model: ModelDeclaration;
  /** The validator of a type expression of the same declaration. */
  readonly validatorOf: (expr: TypeExpr) => Validator;
  /** Read fields by their Python names instead of their aliases (how `$model` fields are given). */
  readonly byName: boolean;
}

const replaced = (expr: TypeExpr, target: TypeExpr, by: TypeExpr): TypeExpr => {
  if (expr === target) return by;
  return expr.type === 'union' ? { ...expr, members: expr.members.map((member) => replaced(member, target, by)) } : expr;
};

/**
 * The type a field's value is read by: its discriminator tags its union; its constraints
 * (`Field(min_length=...)`) land on the type, or on X of `Optional[X]`, as the schema builder
 * applies them; the type's own constraints are applied after them.
 */
const fieldType = (field: FieldDeclaration): TypeExpr => {
  // `Field(discriminator=...)` tags the field's own union, as a discriminator on that union does.
  const type = field.discriminator !== undefined && field.type.type === 'union' ? { ...field.type, discriminator: field.discriminator } : field.type;
  if (field.constraints === undefined) return type;
  const target = constraintTarget(type);
  return replaced(type, target, { ...target, constraints: { ...field.constraints, ...target.constraints } } as TypeExpr);
};

const fieldNames = (declaration: Declaration, model: string): ReadonlySet<string> =>
  new Set(declaration.models?.find((declared) => declared.name === model)?.fields.map((field) => field.name));

/**
 * A declared model, validated as pydantic validates a model class in lax mode: an instance of the
 * same class as it is; a dict field by field under each field's validation key (validation alias,
 * alias or name), `Field required` for a missing required field, the default (not validated) for a
 * missing optional one, then the keys no field takes: ignored, refused (`extra="forbid"`) or kept
 * (`extra="allow"`). The value is the dump: fields by Python name, extras, computed fields.
 */
export const modelValidator = (parts: ModelValidatorParts): Validator => {
  const { declaration, model, validatorOf, byName } = parts;
  const keys = model.fields.map((field) => (byName ? field.name : (field.validation_alias ?? field.alias ?? field.name)));
  const taken = new Set(keys);
  const extra = model.config?.extra ?? 'ignore';
  // Each compiled on first use: a model may refer to itself, so its fields cannot be compiled up
  // front, and a field of a type this validator does not read is compiled only if given.
  const fieldValidators: (Validator | undefined)[] = [];
  const fieldValidator = (index: number): Validator => (fieldValidators[index] ??= validatorOf(fieldType(model.fields[index]!)));
  const dumpModel: DumpModel = (name, value, under) => {
    const outcome = validatorOf({ type: 'model', name })(value);
    if (outcome.status !== 'accepted') return value;
    if (under === undefined || under === name) return outcome.value;
    // Unchecked, a model's serializer writes another model's instance dict by its own fields:
    // the fields both declare, in the instance's order (extras and computed fields are not in it).
    const own = fieldNames(declaration, name);
    const writer = fieldNames(declaration, under);
    return new Map([...(outcome.value as Map<string, unknown>)].filter(([key]) => own.has(key) && writer.has(key)));
  };

  return (input) => {
    const brand = modelBrandOf(input);
    if (brand !== undefined && brand.declaration === declaration && brand.name === model.name) {
      return accepted(new Map(brand.dumped), EXACT);
    }
    if (inputKind(input) !== 'dict' || brand !== undefined) {
      return refused('model_type', `Input should be a valid dictionary or instance of ${model.name}`);
    }
    const entries = dictEntries(input);
    const given = new Map<unknown, unknown>(entries);
    const out = new Map<string, unknown>();
    const issues: ValidationIssue[] = [];
    let exactness = STRICT;
    let fieldsSet = 0;
    model.fields.forEach((field, index) => {
      const key = keys[index]!;
      if (!given.has(key)) {
        if (field.required) issues.push({ type: 'missing', msg: 'Field required', loc: [key] });
        else if (field.default !== undefined) out.set(field.name, dumpDefault(field.type, field.default, dumpModel));
        else if (field.default_factory !== undefined) out.set(field.name, dumpFactory(field.type, field.default_factory, dumpModel));
        return;
      }
      fieldsSet++;
      const outcome = fieldValidator(index)(given.get(key));
      if (outcome.status === 'accepted') {
        out.set(field.name, outcome.value);
        exactness = Math.min(exactness, outcome.exactness);
      } else {
        pushAll(issues, within(key, outcome.issues));
      }
    });
    if (extra !== 'ignore') {
      for (const [key, value] of entries) {
        if (typeof key !== 'string') {
          issues.push({ type: 'invalid_key', msg: 'Keys should be strings', loc: [typeof key === 'number' ? key : String(key)], input: key });
        } else if (taken.has(key)) {
          continue;
        } else if (extra === 'forbid') {
          issues.push({ type: 'extra_forbidden', msg: 'Extra inputs are not permitted', loc: [key], input: value });
        } else {
          out.set(key, new Uninferred(value));
        }
      }
    }
    if (issues.length > 0) return { status: 'refused', issues };
    for (const computed of model.computed_fields ?? []) out.set(computed.name, new UncomputedField(model.name, computed.name));
    return accepted(out, exactness, fieldsSet);
  };
};
