import type { PyJson } from '../json/pyJson.js';
import type { Declaration, TypeExpr } from './declaration.js';
import { msg } from './declarationMessages.js';
import { fail, quote, refusal } from './declarationTree.js';
import { checkTypeDiscriminators } from './discriminatorChecks.js';
import { readTypeExpr } from './readTypeExpr.js';

/** The model a schema is rendered for: `root`, else the declaration's own root. */
export const rootModel = (declaration: Declaration, root?: string): string => {
  const name = root ?? declaration.root;
  if (name === undefined) return fail('$.root', refusal('DECLARATION_MISSING_KEY', `missing required key ${quote('root')}`));
  if (!(declaration.models ?? []).some((model) => model.name === name)) fail('$.root', msg.unknownModel(name));
  return name;
};

/** Reads a type expression that refers to the enums and models of `declaration`, its discriminators checked. */
export const readTypeExprIn = (declaration: Declaration, tree: PyJson, path: string): TypeExpr => {
  const models = new Map((declaration.models ?? []).map((item) => [item.name, item]));
  const expr = readTypeExpr(tree, path, { enums: new Set((declaration.enums ?? []).map((item) => item.name)), models: new Set(models.keys()) });
  checkTypeDiscriminators(expr, models, path);
  return expr;
};
