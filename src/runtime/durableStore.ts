import { parsePyJson } from '../json/parsePyJson.js';
import type { PyJson } from '../json/pyJson.js';
import { writePyJson } from '../json/writePyJson.js';
import { asObject } from '../chat/chatMessage.js';

/** How a recorded call ended: with a value, or with an error (kind and message survive a replay). */
export type DurableOutcome =
  | { readonly ok: true; readonly value: PyJson }
  | { readonly ok: false; readonly kind: string; readonly message: string };

/** One completed call: the name of what was called (checked on replay) and its outcome. */
export interface DurableRecord {
  readonly name: string;
  readonly outcome: DurableOutcome;
}

/**
 * Where completed calls are kept, by key. Writes are synchronous and durable when `put` returns,
 * so that a process killed right after a call cannot lose its record.
 */
export interface DurableStore {
  get(key: string): DurableRecord | undefined;
  put(key: string, record: DurableRecord): void;
  /** The keys recorded so far, in the order they were written. */
  keys(): string[];
  close(): void;
}

/**
 * The outcome as text, the same in both languages (`{"ok": v}` or `{"error": {"kind", "message"}}`
 * in Python's compact JSON), so a store written by one runtime replays in the other.
 */
export const outcomeToText = (outcome: DurableOutcome): string =>
  writePyJson(
    outcome.ok
      ? new Map([['ok', outcome.value]])
      : new Map([['error', new Map([['kind', outcome.kind], ['message', outcome.message]])]]),
    { separators: 'compact', allowNan: false },
  );

export const outcomeFromText = (text: string): DurableOutcome => {
  const tree = asObject(parsePyJson(text), 'recorded outcome');
  if (tree.has('ok')) return { ok: true, value: tree.get('ok') as PyJson };
  const error = asObject(tree.get('error'), 'recorded outcome.error');
  const kind = error.get('kind');
  const message = error.get('message');
  if (typeof kind !== 'string' || typeof message !== 'string') throw new TypeError(`recorded outcome has no kind and message: ${text}`);
  return { ok: false, kind, message };
};
