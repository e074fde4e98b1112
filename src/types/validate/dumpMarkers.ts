import { NotSupportedError } from '../../errors.js';

/**
 * A computed field in a validated value. A declaration states a computed field's type but not
 * how to compute it, so dumping it fails as the Python reference's property does.
 */
export class UncomputedField {
  constructor(
    readonly model: string,
    readonly field: string,
  ) {}

  fail(): never {
    throw new NotSupportedError(`computed field '${this.field}' of the declared model '${this.model}' has no implementation`, { code: 'COMPUTED_FIELD_NOT_IMPLEMENTED' });
  }
}

/**
 * A value with no declared type (an `Any`, an allowed extra), dumped by inference only when the
 * dump runs: validation must finish first, as in pydantic, so that its errors come before any
 * error of the dump.
 */
export class Uninferred {
  constructor(readonly raw: unknown) {}
}
