import { InvalidTypeError } from '../errors.js';
import { parsePyJson } from '../json/parsePyJson.js';
import type { PyJson } from '../json/pyJson.js';
import { writePyJson } from '../json/writePyJson.js';
import { asObject } from '../chat/chatMessage.js';

/** How a recorded call ended: with a value, or with an error (kind and message survive a replay). */
export type DurableOutcome =
  | { readonly status: 'succeeded'; readonly value: PyJson }
  | { readonly status: 'failed'; readonly kind: string; readonly message: string };

/** One completed call: the name of what was called (checked on replay) and its outcome. */
export interface DurableRecord {
  readonly name: string;
  readonly outcome: DurableOutcome;
}

/**
 * A call that was started: written before the call runs, so that a restart can tell a call that
 * may have had its effect (started, not completed) from one that never ran.
 */
export interface DurableStart {
  readonly name: string;
  /** The stable id the call was made under (`sessionId#callId` for a delegation, else its key). */
  readonly invocationId: string;
}

/**
 * Where calls are kept, by key: their start, then their outcome. Writes are synchronous and
 * durable when `start`/`put` return, so that a process killed right after cannot lose a record.
 * A run claims the store for its whole length, so two runs never interleave on one store.
 */
export interface DurableStore {
  get(key: string): DurableRecord | undefined;
  put(key: string, record: DurableRecord): void;
  /** Records that the call under `key` is about to run (kept as first written). */
  start(key: string, start: DurableStart): void;
  /** The start recorded under `key`, whether the call completed or not. */
  started(key: string): DurableStart | undefined;
  /** The keys of completed calls so far, in the order they were written. */
  keys(): string[];
  /** Takes the store for one run, or throws `StoreClaimedError` at once if another run holds it. */
  claim(): void;
  /** Gives the claim back (nothing when not claimed). */
  release(): void;
  close(): void;
}

/**
 * The outcome as text, the same in both languages (`{"ok": v}` or `{"error": {"kind", "message"}}`
 * in Python's compact JSON), so a store written by one runtime replays in the other.
 */
export const outcomeToText = (outcome: DurableOutcome): string =>
  writePyJson(
    outcome.status === 'succeeded'
      ? new Map([['ok', outcome.value]])
      : new Map([['error', new Map([['kind', outcome.kind], ['message', outcome.message]])]]),
    { separators: 'compact', allowNan: false },
  );

export const outcomeFromText = (text: string): DurableOutcome => {
  const tree = asObject(parsePyJson(text), 'recorded outcome');
  if (tree.has('ok')) return { status: 'succeeded', value: tree.get('ok') as PyJson };
  const error = asObject(tree.get('error'), 'recorded outcome.error');
  const kind = error.get('kind');
  const message = error.get('message');
  if (typeof kind !== 'string' || typeof message !== 'string') throw new InvalidTypeError(`recorded outcome has no kind and message: ${text}`, { code: 'DURABLE_OUTCOME_MALFORMED' });
  return { status: 'failed', kind, message };
};
