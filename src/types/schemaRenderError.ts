import { AgentparityError, type ErrorCode } from '../errors.js';

const PYDANTIC_DOCS = 'https://errors.pydantic.dev/2.13/u';

type Raised = 'invalid-for-json-schema' | 'not-implemented' | 'key-error';

const CODES: Readonly<Record<Raised, ErrorCode>> = {
  'invalid-for-json-schema': 'SCHEMA_INVALID_FOR_JSON_SCHEMA',
  'not-implemented': 'SCHEMA_COMPUTED_FIELD_NOT_IMPLEMENTED',
  'key-error': 'SCHEMA_REF_UNRESOLVED',
};

/**
 * A declaration whose `model_json_schema()` raises in the Python reference, although pydantic
 * builds its class: the message is the text the reference's exception carries, so that both
 * languages report the same thing (the sub-agent setup quotes it in its TypeError).
 */
export class SchemaRenderError extends AgentparityError {
  readonly kind = 'TypeError';

  constructor(
    message: string,
    /** What raised: pydantic's error code (`invalid-for-json-schema`), `not-implemented`, or `key-error` (a `$ref` it cannot resolve). */
    readonly raised: Raised,
  ) {
    super(message, { code: CODES[raised] });
  }

  /** pydantic's `PydanticInvalidForJsonSchema`: the detail, then pydantic's documentation link. */
  static invalidForJsonSchema(detail: string): SchemaRenderError {
    return new SchemaRenderError(`${detail}\n\nFor further information visit ${PYDANTIC_DOCS}/invalid-for-json-schema`, 'invalid-for-json-schema');
  }
}
