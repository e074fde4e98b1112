import type { PyJson } from '../json/pyJson.js';
import type { Declaration, TypeExpr } from '../types/declaration.js';
import { readTypeExprIn } from '../types/declarationLookup.js';

/**
 * A type a sub-agent declares for its input or result, stated in a neutral declaration: a model
 * by name, or any type expression over the declaration's enums and models. Absent means `object`.
 */
export type DeclaredType =
  | { readonly declaration: Declaration; readonly name: string }
  | { readonly declaration: Declaration; readonly expr: TypeExpr };

/**
 * The type expression of a declared type, checked against its declaration (a reference to an
 * undeclared model or enum throws a `DeclarationError` whose path starts at `label`).
 */
export const declaredTypeExpr = (declared: DeclaredType, label: string): TypeExpr => {
  const expr: TypeExpr = 'expr' in declared ? declared.expr : { type: 'model', name: declared.name };
  // A TypeExpr is a JSON tree of plain objects; TypeScript cannot see that through interfaces.
  return readTypeExprIn(declared.declaration, expr as unknown as PyJson, label);
};
