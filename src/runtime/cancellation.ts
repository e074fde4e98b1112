import { AgentparityError } from '../errors.js';

const FOOTPRINT: unique symbol = Symbol.for('agentparity/CancelledError') as never;

/**
 * The run was cancelled (Python `asyncio.CancelledError`, Java `InterruptedException`). It is never
 * absorbed into a tool response or recorded as a durable outcome: it propagates, and whoever
 * submitted work cancels what it has not awaited yet.
 */
export class CancelledError extends AgentparityError {
  readonly kind = 'CancelledError';
  readonly [FOOTPRINT] = true;
}

/** Recognises a cancellation by footprint, so that two loaded copies of the package agree. */
export const isCancellation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { [FOOTPRINT]?: unknown })[FOOTPRINT] === true;
