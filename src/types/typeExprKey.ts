import type { Constraints, TypeExpr } from './declaration.js';
import { childPath, isJsonScalar } from './declarationTree.js';
import { typedKey } from './scalarKeys.js';
import { pushAll } from '../util/pushAll.js';

/** Whether a node is `Annotated[T, Field(...)]` in Python: it has constraints, or it is a union with a discriminator. */
export const isAnnotated = (expr: TypeExpr): boolean =>
  expr.constraints !== undefined || (expr.type === 'union' && expr.discriminator !== undefined);

/** A union `typing.Union` splices into a union around it: one that is not `Annotated`. */
export const isSplicedUnion = (expr: TypeExpr): expr is Extract<TypeExpr, { readonly type: 'union' }> =>
  expr.type === 'union' && !isAnnotated(expr);

/**
 * A union's members as Python's `typing.Union` sees them: a member that is itself a union
 * without constraints or discriminator is spliced in (`Union[A, Union[B, C]]` is `Union[A, B, C]`). Each member
 * comes with its JSON path; `membersPath` is the path of the `members` array.
 */
export const flattenUnion = (members: readonly TypeExpr[], membersPath: string): Array<readonly [TypeExpr, string]> => {
  const flat: Array<readonly [TypeExpr, string]> = [];
  members.forEach((member, index) => {
    const path = childPath(membersPath, index);
    if (isSplicedUnion(member)) {
      pushAll(flat, flattenUnion(member.members, childPath(path, 'members')));
    } else {
      flat.push([member, path]);
    }
  });
  return flat;
};

const CONSTRAINT_ORDER: readonly (keyof Constraints)[] = ['ge', 'gt', 'le', 'lt', 'multiple_of', 'min_length', 'max_length', 'pattern'];

const constraintsKey = (constraints: Constraints | undefined): string => {
  if (constraints === undefined) return '';
  const parts = CONSTRAINT_ORDER.filter((key) => constraints[key] !== undefined).map((key) => {
    const value = constraints[key]!;
    return `${key}=${typeof value === 'string' ? JSON.stringify(value) : typedKey(value)}`;
  });
  return `|${parts.join(',')}`;
};

const ANY: TypeExpr = { type: 'any' };

/**
 * Equal keys for type expressions that build equal Python types, so that a union can refuse a
 * member Python would silently drop as a duplicate. `dict[K]` means `dict[K, Any]`, a one-member
 * union is its member, and union members and literal values form sets.
 */
export const typeExprKey = (expr: TypeExpr): string => {
  const own = constraintsKey(expr.constraints);
  switch (expr.type) {
    case 'url':
      return `url:${expr.variant}${own}`;
    case 'list':
    case 'set':
    case 'frozenset':
      return `${expr.type}[${expr.items === undefined ? '' : typeExprKey(expr.items)}]${own}`;
    case 'dict':
      return expr.keys === undefined && expr.values === undefined
        ? `dict${own}`
        : `dict[${typeExprKey(expr.keys ?? ANY)},${typeExprKey(expr.values ?? ANY)}]${own}`;
    case 'tuple':
      return `tuple(${expr.items.map(typeExprKey).join(',')}${expr.variadic === true ? ',...' : ''})${own}`;
    case 'union': {
      // typing.Union compares its members as a set.
      const flat = [...new Set(flattenUnion(expr.members, '$').map(([member]) => typeExprKey(member)))].sort();
      const tagged = expr.discriminator === undefined ? '' : `|discriminator=${JSON.stringify(expr.discriminator)}`;
      return flat.length === 1 ? `${flat[0]}${own}${tagged}` : `union(${flat.join(',')})${own}${tagged}`;
    }
    case 'literal': {
      const values = [...new Set(expr.values.filter(isJsonScalar).map(typedKey))].sort();
      return `literal{${values.join(',')}}${own}`;
    }
    case 'enum':
    case 'model':
      return `${expr.type}:${expr.name}${own}`;
    default:
      return `${expr.type}${own}`;
  }
};
