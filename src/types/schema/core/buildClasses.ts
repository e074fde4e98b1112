import type { ModelDeclaration, TypeExpr } from '../../declaration.js';
import type { CoreSchema } from './coreSchema.js';
import { CoreBuilder } from './coreBuilder.js';
import type { DeclarationIndex } from './declarationIndex.js';

const mentionsModel = (expr: TypeExpr): boolean => {
  switch (expr.type) {
    case 'model':
      return true;
    case 'list':
    case 'set':
    case 'frozenset':
      return expr.items !== undefined && mentionsModel(expr.items);
    case 'dict':
      return [expr.keys, expr.values].some((e) => e !== undefined && mentionsModel(e));
    case 'tuple':
      return expr.items.some(mentionsModel);
    case 'union':
      return expr.members.some(mentionsModel);
    default:
      return false;
  }
};

const refersToModels = (model: ModelDeclaration): boolean =>
  model.fields.some((f) => mentionsModel(f.type)) || (model.computed_fields ?? []).some((c) => mentionsModel(c.return_type));

/**
 * The core schema of every model class, built in the order the Python reference builds them
 * (`build_classes`): `create_model` completes only the models that refer to no model (the others
 * hold unresolved forward references), then every model is rebuilt in declaration order, each
 * reusing the schemas of the models complete by then and building the others afresh. (Model-
 * instance defaults are filled in place afterwards, without a rebuild.) pydantic's output can
 * depend on this order: which definitions are inlined, whether a definition exists yet when a
 * `$ref` sibling is compared with it, when a discriminator is applied.
 */
export const buildClasses = (index: DeclarationIndex): ReadonlyMap<string, CoreSchema> => {
  const complete = new Map<string, CoreSchema>();
  const build = (name: string): void => {
    complete.set(name, new CoreBuilder(index, complete).buildClass(name));
  };
  const names = [...index.models.keys()];
  names.filter((name) => !refersToModels(index.model(name))).forEach(build);
  names.forEach(build);
  return complete;
};
