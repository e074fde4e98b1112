import { AgentparityError } from '../errors.js';

const PYDANTIC_DOCS = 'https://errors.pydantic.dev/2.13/u';

/**
 * A declaration pydantic accepts but cannot render as JSON Schema (`model_json_schema()` raises
 * `PydanticInvalidForJsonSchema`). The message is pydantic's own text, documentation link
 * included, so that it can be compared with the Python reference's.
 */
export class SchemaRenderError extends AgentparityError {
  readonly kind = 'TypeError';
  /** pydantic's error code. */
  readonly code = 'invalid-for-json-schema';

  /** `detail` is pydantic's message without the documentation link, e.g. `Cannot generate a JsonSchema for core_schema.CallableSchema`. */
  constructor(readonly detail: string) {
    super(`${detail}\n\nFor further information visit ${PYDANTIC_DOCS}/invalid-for-json-schema`);
  }
}
