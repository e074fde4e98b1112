import type { TypeExpr } from '../../declaration.js';
import { isSplicedUnion } from '../../typeExprKey.js';
import { typeIdentity } from './typeIdentity.js';

/**
 * The arguments of `Union[...]` as Python's `typing` keeps them: nested unions flattened into
 * their parent (unless `Annotated`: constrained or discriminated), repeats dropped, first
 * occurrence kept.
 */
export const unionMembers = (members: readonly TypeExpr[]): TypeExpr[] => {
  let unique = 0;
  const fresh = (): string => `#${unique++}`;
  const flat: TypeExpr[] = [];
  const flatten = (expr: TypeExpr): void => {
    if (isSplicedUnion(expr)) expr.members.forEach(flatten);
    else flat.push(expr);
  };
  members.forEach(flatten);
  const seen = new Set<string>();
  return flat.filter((expr) => {
    const key = typeIdentity(expr, fresh);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};
