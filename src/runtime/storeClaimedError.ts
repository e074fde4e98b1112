import { AgentparityError } from '../errors.js';

/** Another run holds the durable store; running beside it could repeat its calls. */
export class StoreClaimedError extends AgentparityError {
  readonly kind = 'RuntimeError';

  constructor(
    readonly store: string,
    holder: string,
  ) {
    super(`Durable store ${store} is claimed by another run (${holder}); it is free again when that run ends`, { code: 'STORE_CLAIMED' });
  }
}
