import type { CoreSchema } from './coreSchema.js';
import { CoreBuilder, UndefinedModelError } from './coreBuilder.js';
import type { DeclarationIndex } from './declarationIndex.js';

/**
 * The core schema of every model class, as if the classes were written in declaration order:
 * each class is built when it is defined, reusing the schemas of the classes complete by then,
 * and a class that refers to a model declared after it stays incomplete until every class is
 * defined, when the incomplete ones are rebuilt in declaration order (`Model.model_rebuild()`).
 * pydantic's output can depend on this order (which definitions are inlined, and whether a
 * definition already exists when a `$ref` sibling is compared with it).
 */
export const buildClasses = (index: DeclarationIndex): ReadonlyMap<string, CoreSchema> => {
  const defined = new Set<string>();
  const complete = new Map<string, CoreSchema>();
  const incomplete: string[] = [];
  const build = (name: string): void => {
    complete.set(name, new CoreBuilder(index, { defined, complete }).buildClass(name));
  };
  for (const name of index.models.keys()) {
    defined.add(name);
    try {
      build(name);
    } catch (error) {
      if (!(error instanceof UndefinedModelError)) throw error;
      incomplete.push(name);
    }
  }
  incomplete.forEach(build);
  return complete;
};
