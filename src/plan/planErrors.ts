import { AgentparityError } from '../errors.js';

/** A plan that cannot be built as declared (Python `RuntimeError`), such as two actions of one name. */
export class PlanBuildError extends AgentparityError {
  readonly kind = 'RuntimeError';
}
