import type { Declaration, TypeExpr } from '../declaration.js';
import type { PyJson } from '../../json/pyJson.js';
import { pyRepr, pyStr } from '../../python/pyRepr.js';
import { flattenUnion } from '../typeExprKey.js';
import { dictEntries, inputKind } from './inputKind.js';
import { modelBrandOf } from './modelBrand.js';
import { EXACT, accepted, refused, within, type Validator } from './outcome.js';
import { scalarEqualityKey } from './pyEquality.js';

type UnionExpr = Extract<TypeExpr, { readonly type: 'union' }>;

/** A member's tags with the validator of its model, in the order pydantic maps them. */
interface Choice {
  readonly tag: unknown;
  readonly validate: Validator;
}

// The model members and whether None is among them, nested unions with the same key spliced in
// (what `apply_discriminator` walks; the reader made sure every other member is a model).
const membersOf = (expr: UnionExpr, key: string): { models: string[]; nullable: boolean } => {
  const models: string[] = [];
  let nullable = false;
  for (const [member] of flattenUnion(expr.members, '$')) {
    if (member.type === 'none') nullable = true;
    else if (member.type === 'union' && member.discriminator === key) {
      const inner = membersOf(member, key);
      models.push(...inner.models);
      nullable ||= inner.nullable;
    } else if (member.type === 'model') models.push(member.name);
  }
  return { models, nullable };
};

// Where the tag is looked up: a dict's keys, an object's attributes (a declared model's fields;
// any other object has none); other inputs have neither.
const tagSource = (input: unknown): ReadonlyMap<unknown, unknown> | undefined => {
  switch (inputKind(input)) {
    case 'dict':
      return new Map(dictEntries(input));
    case 'model':
      return modelBrandOf(input)!.dumped;
    case 'other':
      return new Map();
    default:
      return undefined;
  }
};

/**
 * pydantic-core's tagged union for `Field(discriminator=key)`: the input must be a dict or an
 * object; its tag (under the tag field's name, then its alias) picks the member, as `Literal` compares; the
 * member's issues are located under the tag. None passes when the union holds it.
 */
export const taggedUnionValidator = (
  declaration: Declaration,
  expr: UnionExpr,
  key: string,
  modelValidator: (name: string) => Validator,
): Validator => {
  const { models, nullable } = membersOf(expr, key);
  const choices: Choice[] = [];
  let lookup: readonly string[] = [key];
  for (const name of models) {
    const tagField = declaration.models?.find((model) => model.name === name)?.fields.find((field) => field.name === key);
    if (tagField?.type.type !== 'literal') continue;
    const property = tagField.validation_alias ?? tagField.alias ?? key;
    if (property !== key) lookup = [key, property];
    for (const tag of tagField.type.values) choices.push({ tag, validate: modelValidator(name) });
  }
  const byKey = new Map<string, Choice>();
  for (const choice of choices) {
    const equality = scalarEqualityKey(choice.tag);
    if (equality !== undefined && !byKey.has(equality)) byKey.set(equality, choice);
  }
  const using = lookup.map((name) => pyRepr(name)).join(' | ');
  const expected = choices.map((choice) => pyRepr(choice.tag as never)).join(', ');
  return (input) => {
    if (input === null && nullable) return accepted(null, EXACT);
    const entries = tagSource(input);
    if (entries === undefined) return refused('model_attributes_type', 'Input should be a valid dictionary or object to extract fields from');
    const found = lookup.find((name) => entries.has(name));
    if (found === undefined) return refused('union_tag_not_found', `Unable to extract tag using discriminator ${using}`);
    const tag = entries.get(found);
    const equality = scalarEqualityKey(tag);
    const choice = equality === undefined ? undefined : byKey.get(equality);
    if (choice === undefined || typeof choice.tag === 'boolean' !== (typeof tag === 'boolean')) {
      return refused('union_tag_invalid', `Input tag '${pyStr(tag as PyJson)}' found using ${using} does not match any of the expected tags: ${expected}`);
    }
    const outcome = choice.validate(input);
    return outcome.status === 'accepted' ? outcome : { status: 'refused', issues: within(choice.tag as string | number, outcome.issues) };
  };
};
