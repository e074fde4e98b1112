import { AgentparityError } from '../errors.js';

/** The failure a failed `SubagentResult` stands for (Python raises `RuntimeError(message)`). */
export class SubagentFailure extends AgentparityError {
  readonly kind = 'RuntimeError';
}

/**
 * What a sub-agent call came to: a result, or a failure with a message. An Error is summarized
 * as `${error.name}: ${error.message}`, where Python writes `${type(e).__name__}: ${e}`: the
 * TypeScript error's `name` stands in for the Python class name.
 */
export class SubagentResult {
  constructor(
    readonly success: boolean,
    readonly result: unknown = null,
    readonly errorMessage: string | null = null,
  ) {}

  static ok(result: unknown = null): SubagentResult {
    return new SubagentResult(true, result);
  }

  /** A failure: an Error is summarized with its name, a string kept verbatim, null gives no message. */
  static error(error: Error | string | null): SubagentResult {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : error;
    return new SubagentResult(false, null, message);
  }

  /** Null on success, otherwise the failure as an error carrying the message. */
  get exception(): SubagentFailure | null {
    return this.success ? null : new SubagentFailure(String(this.errorMessage), { code: 'SUBAGENT_FAILED' });
  }
}
