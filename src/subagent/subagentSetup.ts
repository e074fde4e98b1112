import { InvalidTypeError, InvalidValueError } from '../errors.js';
import { renderSchemaText } from '../types/renderSchema.js';
import { SchemaRenderError } from '../types/schemaRenderError.js';
import { declaredTypeExpr, type DeclaredType } from './declaredType.js';
import { isPythonBlank } from '../python/pyText.js';
import { DECLARED_MODULE, pythonTypeRepr } from './pythonTypeRepr.js';

export const BLANK_SCHEMA_MESSAGE = 'Sub-agent input schema must not be blank.';

export interface SubagentSetupOptions {
  readonly description?: string;
  /** An explicit JSON Schema text; it wins over the input type and must not be blank. */
  readonly inputSchema?: string | null;
  /** The input type; absent or null is `object` (no shape). */
  readonly inputType?: DeclaredType | null;
  /** The result type; absent or null is `object` (the result is not narrowed). */
  readonly resultType?: DeclaredType | null;
}

/** The plan-JSON form of a setup: exactly these two keys, under the cross-language names. */
export interface SubagentSetupJson {
  readonly description: string;
  readonly input_schema: string | null;
}

/**
 * The input schema a declared type gives: null for `object`, else exactly the text Python's
 * `json.dumps(Model.model_json_schema())` prints, rendered in the declaration's mode. Anything
 * but a model, or a model that cannot be rendered, is refused with the upstream TypeError text.
 */
export const inputSchemaFrom = (declared: DeclaredType | null): string | null => {
  if (declared === null) return null;
  const expr = declaredTypeExpr(declared, 'inputType');
  if (expr.type !== 'model' || expr.constraints !== undefined) {
    throw new InvalidTypeError(
      `Sub-agent input type ${pythonTypeRepr(expr)} is not supported. Declare a pydantic BaseModel, or declare an input schema explicitly.`,
      { code: 'SUBAGENT_INPUT_TYPE_UNSUPPORTED' },
    );
  }
  try {
    return renderSchemaText(declared.declaration, expr.name);
  } catch (error) {
    if (!(error instanceof SchemaRenderError)) throw error;
    throw new InvalidTypeError(
      `Sub-agent input type ${DECLARED_MODULE}.${expr.name} cannot be rendered as a JSON Schema, so it cannot be declared to a chat model. ` +
        'Declare an input schema explicitly, or use an input type whose fields are all JSON-Schema-renderable. ' +
        `Rendering it reported: ${error.message}`,
      { code: 'SUBAGENT_INPUT_TYPE_NOT_RENDERABLE', cause: error },
    );
  }
};

/**
 * The declaration of a sub-agent: what it does and the arguments a model calls it with. The
 * input schema is settled at construction: the explicit one (refused when blank), else the one
 * derived from the input type, else null.
 */
export class SubagentSetup {
  readonly description: string;
  readonly inputSchema: string | null;
  readonly inputType: DeclaredType | null;
  readonly resultType: DeclaredType | null;

  constructor(options: SubagentSetupOptions = {}) {
    const explicit = options.inputSchema ?? null;
    if (explicit !== null && isPythonBlank(explicit)) throw new InvalidValueError(BLANK_SCHEMA_MESSAGE, { code: 'SUBAGENT_INPUT_SCHEMA_BLANK' });
    this.description = options.description ?? '';
    this.inputType = options.inputType ?? null;
    this.resultType = options.resultType ?? null;
    if (this.resultType !== null) declaredTypeExpr(this.resultType, 'resultType');
    this.inputSchema = explicit ?? inputSchemaFrom(this.inputType);
  }

  toJSON(): SubagentSetupJson {
    return { description: this.description, input_schema: this.inputSchema };
  }
}
