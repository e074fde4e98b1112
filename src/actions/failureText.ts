import { isAgentparityError } from '../errors.js';
import { ValueValidationError } from '../types/validateValue.js';

/** The preparation failure for arguments that are not an object (later upstream Python and Java). */
export const INVALID_ARGUMENTS = 'INVALID_ARGUMENT /: type (expected object)';

/** `msg: reason`, or `msg.` when there is no reason (upstream `_with_reason`). */
export const withReason = (message: string, reason: string | null): string =>
  reason ? `${message}: ${reason}` : `${message}.`;

/** What the model reads when a delegation fails; `callable` is the full `_subagent_<name>`. */
export const subagentFailure = (callable: string, reason: string | null): string =>
  withReason(`Sub-agent \`${callable}\` execute failed`, reason);

/** What the model reads when a plain tool call fails. */
export const toolFailure = (name: string, reason: string | null): string => withReason(`Tool \`${name}\` execute failed`, reason);

export const missingTool = (name: string): string => `Tool \`${name}\` does not exist.`;

// Python's repr() of a str, which is what str(KeyError(message)) prints.
const pyRepr = (text: string): string => {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  const body = [...text]
    .map((ch) => {
      if (ch === '\\' || ch === quote) return `\\${ch}`;
      if (ch === '\n') return '\\n';
      if (ch === '\r') return '\\r';
      if (ch === '\t') return '\\t';
      const code = ch.codePointAt(0) ?? 0;
      if (code < 0x20 || code === 0x7f) return `\\x${code.toString(16).padStart(2, '0')}`;
      return ch;
    })
    .join('');
  return `${quote}${body}${quote}`;
};

/**
 * The reason a failure gives, as Python's `str(e)` would: a `KeyError` quotes its message, a
 * pydantic `ValidationError` prints every line error.
 */
export const failureReason = (error: unknown): string => {
  if (error instanceof ValueValidationError) return error.text;
  if (isAgentparityError(error) && error.kind === 'KeyError') return pyRepr(error.message);
  return error instanceof Error ? error.message : String(error);
};
