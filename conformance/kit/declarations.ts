import type { PyJson } from '../../src/json/pyJson.js';
import { modelClass } from '../../src/types/modelClass.js';
import { readDeclaration } from '../../src/types/readDeclaration.js';
import type { Declaration } from '../../src/types/declaration.js';
import type { ModelFactory } from '../codec/decodeValue.js';

/** A declaration read, with a factory per declared model (what `$model` values build). */
export interface DeclaredModels {
  readonly declaration: Declaration;
  readonly models: ReadonlyMap<string, ModelFactory>;
}

/**
 * A neutral declaration's models, built as the runtime builds them (mirrors
 * `agentparity_ref/kit/declarations.py`): each factory makes an instance of the class the
 * declaration describes, named as Python names it (`agentparity.declared.Review`). Throws the
 * reader's DeclarationError (kind ValueError) for a malformed declaration.
 */
export const declaredModels = (tree: PyJson): DeclaredModels => {
  const declaration = readDeclaration(tree);
  const models = new Map(
    (declaration.models ?? []).map((model) => {
      const made = modelClass(declaration, model.name);
      return [model.name, (fields: ReadonlyMap<string, unknown>) => new made(fields)] as const;
    }),
  );
  return { declaration, models };
};
