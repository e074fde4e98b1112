import { InvalidValueError, type ErrorCode } from '../errors.js';

/** A plan (or a part of one) that cannot be read; `path` is the JSON Pointer of the offending value. */
export class PlanReadError extends InvalidValueError {
  constructor(message: string, pointer: string, options: { readonly code: ErrorCode; readonly cause?: unknown }) {
    super(message, { path: pointer, ...options });
  }
}
