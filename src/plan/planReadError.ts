import { InvalidValueError } from '../errors.js';

/** A plan (or a part of one) that cannot be read; `path` is the JSON Pointer of the offending value. */
export class PlanReadError extends InvalidValueError {
  constructor(message: string, pointer: string, cause?: unknown) {
    super(message, { path: pointer, cause });
  }
}
