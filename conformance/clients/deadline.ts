import type { CaseTexts } from '../protocol/runLine.js';
import type { ProtocolCase } from './participant.js';

/**
 * How long a case may take: its base (`--timeout`, 10000 ms by default) and 1 ms more per kB
 * (1,000 bytes of UTF-8) of its request, so that a 10 MB declaration gets 10 s more than a small
 * one and never times out for its size alone. Conformance, fuzz and the single-shot commands
 * (`schema`, `normalize`, `plan build`) share this rule.
 */
export interface CaseDeadline {
  readonly ms: number;
  readonly baseMs: number;
  /** Undefined for a case handed to an in-process op unwritten (fuzzing's direct mode). */
  readonly requestBytes?: number;
}

export const MS_PER_KB = 1;

export const caseDeadline = (baseMs: number, requestBytes?: number): CaseDeadline =>
  requestBytes === undefined ? { ms: baseMs, baseMs } : { ms: baseMs + Math.floor((requestBytes / 1000) * MS_PER_KB), baseMs, requestBytes };

/** The size of a request's case in bytes of UTF-8, as it is sent. */
export const requestBytes = (texts: CaseTexts): number =>
  Buffer.byteLength(texts.head) + (texts.declaration === undefined ? 0 : Buffer.byteLength(texts.declaration)) + (texts.input === undefined ? 0 : Buffer.byteLength(texts.input));

/** `4.1 MB`, `12.0 kB`, `310 B`. */
export const formatBytes = (bytes: number): string => (bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : bytes >= 1e3 ? `${(bytes / 1e3).toFixed(1)} kB` : `${bytes} B`);

/**
 * What an expired deadline says: who did not answer, within what (and why that long), which case
 * and op was running, and for how long since it was sent.
 */
export const describeExpiry = (participant: string, testCase: Pick<ProtocolCase, 'id' | 'op'>, deadline: CaseDeadline, ranMs: number): string =>
  `no answer from ${participant} within ${deadline.ms} ms (${deadline.requestBytes === undefined ? `the case was handed over unwritten` : `${deadline.baseMs} ms, +${MS_PER_KB} ms per kB of a ${formatBytes(deadline.requestBytes)} request`}) for ${testCase.id} (${testCase.op}); it ran ${Math.round(ranMs)} ms`;
