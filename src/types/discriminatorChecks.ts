import type { ModelDeclaration, TypeExpr } from './declaration.js';
import { msg } from './declarationMessages.js';
import { childPath, fail, isPyInt } from './declarationTree.js';
import { flattenUnion } from './typeExprKey.js';

/** The discriminators of a type expression's unions, inner ones first (pydantic builds them first). */
export const checkTypeDiscriminators = (expr: TypeExpr, models: ReadonlyMap<string, ModelDeclaration>, path: string): void => {
  const inner = (child: TypeExpr | undefined, at: string): void => {
    if (child !== undefined) checkTypeDiscriminators(child, models, at);
  };
  switch (expr.type) {
    case 'list':
    case 'set':
    case 'frozenset':
      return inner(expr.items, childPath(path, 'items'));
    case 'dict':
      inner(expr.keys, childPath(path, 'keys'));
      return inner(expr.values, childPath(path, 'values'));
    case 'tuple':
      return expr.items.forEach((item, index) => inner(item, childPath(childPath(path, 'items'), index)));
    case 'union':
      expr.members.forEach((member, index) => inner(member, childPath(childPath(path, 'members'), index)));
      if (expr.discriminator !== undefined) checkDiscriminator(expr, expr.discriminator, models, childPath(path, 'discriminator'));
      return;
    default:
      return;
  }
};

// The members a discriminator meets, as pydantic's `apply_discriminator` walks them: unions are
// spliced in, and so is a nested union with the same discriminator; None only makes it nullable.
const variantsOf = (type: TypeExpr, key: string): TypeExpr[] => {
  if (type.type !== 'union') return [type];
  return flattenUnion(type.members, '$').flatMap(([member]) => {
    if (member.type === 'none') return [];
    return member.type === 'union' && member.discriminator === key ? variantsOf(member, key) : [member];
  });
};

// The core schema type pydantic names when a member is not a model.
const coreTypeOf = (member: TypeExpr): string => (member.type === 'union' ? 'tagged-union' : member.type);

/** A discriminator on `type`: each member a model whose `key` field is a literal of strings or ints, no value twice. */
export const checkDiscriminator = (type: TypeExpr, key: string, models: ReadonlyMap<string, ModelDeclaration>, path: string): void => {
  const members = variantsOf(type, key);
  if (members.length === 0) fail(path, msg.discriminatorNeedsUnion(key));
  let first: { readonly model: string; readonly property: string } | undefined;
  const tags = new Map<string, string>();
  for (const member of members) {
    if (member.type !== 'model') return fail(path, msg.discriminatorVariant(coreTypeOf(member)));
    const name = member.name;
    const tagField = models.get(name)!.fields.find((candidate) => candidate.name === key);
    if (tagField === undefined) return fail(path, msg.discriminatorFieldMissing(name, key));
    if (tagField.type.type !== 'literal') return fail(path, msg.discriminatorNotLiteral(name, key));
    const property = tagField.validation_alias ?? tagField.alias ?? tagField.name;
    if (first === undefined) first = { model: name, property };
    else if (property !== first.property) fail(path, msg.discriminatorAlias(key, name, property, first.model, first.property));
    for (const value of tagField.type.values) {
      if (typeof value !== 'string' && !isPyInt(value)) fail(path, msg.discriminatorValueType(name, value));
      // pydantic maps each value by str(value), so 1 and "1" collide.
      const tag = String(value);
      const owner = tags.get(tag);
      if (owner !== undefined) fail(path, msg.discriminatorValueClash(tag, owner, name));
      tags.set(tag, name);
    }
  }
};
