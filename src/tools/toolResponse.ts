import { InvalidTypeError } from '../errors.js';
import { formatPyFloat } from '../python/formatPyFloat.js';
import type { PyJson } from '../json/pyJson.js';
import { writePyJson } from '../json/writePyJson.js';

/** What a tool call produced, as the model will read it (upstream `ToolResponse`). */
export class ToolResponse {
  private constructor(
    readonly result: string,
    readonly success: boolean,
    readonly error: string | null,
  ) {}

  static success(content: string): ToolResponse {
    return new ToolResponse(content, true, null);
  }

  static error(content: string, error: string | null): ToolResponse {
    return new ToolResponse(content, false, error);
  }

  toJson(): Map<string, PyJson> {
    return new Map<string, PyJson>([
      ['result', this.result],
      ['success', this.success],
      ['error', this.error],
    ]);
  }

  static fromJson(tree: PyJson): ToolResponse {
    const fields = tree instanceof Map ? tree : new Map<string, PyJson>();
    const result = fields.get('result');
    const success = fields.get('success');
    const error = fields.get('error') ?? null;
    if (typeof result !== 'string' || typeof success !== 'boolean' || (error !== null && typeof error !== 'string')) {
      throw new InvalidTypeError('a recorded tool response needs result (string), success (boolean) and error (string or null)', { code: 'TOOL_RESPONSE_MALFORMED' });
    }
    return new ToolResponse(result, success, error);
  }
}

// Python's str() of what json.dumps refused: the non-finite floats print as Python prints them.
const pyStr = (value: unknown): string => (typeof value === 'number' ? formatPyFloat(value) : String(value));

/**
 * A plain tool's return value as a response (reference §5.3): a `ToolResponse` passes through, a
 * string is kept, anything else is JSON (`json.dumps` with default separators, non-ASCII kept,
 * NaN refused), or its string form when JSON cannot express it.
 */
export const toToolResponse = (value: unknown): ToolResponse => {
  if (value instanceof ToolResponse) return value;
  if (typeof value === 'string') return ToolResponse.success(value);
  try {
    return ToolResponse.success(writePyJson(value as PyJson, { ensureAscii: false, allowNan: false }));
  } catch {
    return ToolResponse.success(pyStr(value));
  }
};
