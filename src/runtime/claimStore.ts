import type { DurableStore } from './durableStore.js';
import { StoreClaimedError } from './storeClaimedError.js';

// How often a runner that waits for a store asks again.
const RETRY_MS = 25;

/** Claims the store, asking again until `waitMs` has passed while another run holds it. */
export const claimStore = async (store: DurableStore, waitMs: number): Promise<void> => {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      store.claim();
      return;
    } catch (error) {
      if (!(error instanceof StoreClaimedError) || Date.now() + RETRY_MS > deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
};
