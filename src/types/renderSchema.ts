import type { PyJson } from '../json/pyJson.js';
import { writePyJson } from '../json/writePyJson.js';
import type { Declaration, SchemaMode } from './declaration.js';
import { buildClasses } from './schema/core/buildClasses.js';
import { DeclarationIndex } from './schema/core/declarationIndex.js';
import { GenerateJsonSchema } from './schema/json/generateJsonSchema.js';

/**
 * `Model.model_json_schema(mode=mode)` of the declaration's model `root`, as pydantic 2.13
 * produces it: objects are ordered Maps, floats that Python holds as floats are `PyFloat`.
 * Throws `SchemaRenderError` (pydantic's message) for a model pydantic cannot render.
 */
export const renderSchema = (declaration: Declaration, root: string, mode: SchemaMode = declaration.mode ?? 'validation'): PyJson => {
  const index = new DeclarationIndex(declaration);
  index.model(root);
  const classes = buildClasses(index);
  return new GenerateJsonSchema(index, mode).generate(classes.get(root)!);
};

/** `json.dumps(Model.model_json_schema(mode=mode))`: Python's default separators, non-ASCII escaped. */
export const renderSchemaText = (declaration: Declaration, root: string, mode?: SchemaMode): string =>
  writePyJson(renderSchema(declaration, root, mode));
