import { isAgentparityError } from '../errors.js';
import { pyStringRepr } from '../python/pyRepr.js';
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

/**
 * The reason a failure gives, as Python's `str(e)` would: a `KeyError` quotes its message, a
 * pydantic `ValidationError` prints every line error.
 */
export const failureReason = (error: unknown): string => {
  if (error instanceof ValueValidationError) return error.text;
  if (isAgentparityError(error) && error.kind === 'KeyError') return pyStringRepr(error.message); // str(KeyError(message)) is the repr of the message
  return error instanceof Error ? error.message : String(error);
};
