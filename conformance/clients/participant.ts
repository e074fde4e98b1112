import type { PyJson } from '../../src/json/pyJson.js';
import type { ProtocolCase } from '../serve/ops/index.js';
import type { ErrorContext, ImplementationInfo } from '../protocol/messages.js';

export type { ErrorContext, ImplementationInfo } from '../protocol/messages.js';
export type { ProtocolCase } from '../serve/ops/index.js';

/** What one participant made of one case. `errored` and `skipped` are not verdicts: they stand apart. */
export type ParticipantOutcome =
  /** `text` is the result JSON exactly as the participant wrote it. */
  | { readonly status: 'result'; readonly result: PyJson; readonly text: string }
  | { readonly status: 'skipped'; readonly reason: string }
  | { readonly status: 'errored'; readonly context: ErrorContext };

export interface RunOptions {
  /** How long to wait for this case's answer once every earlier answer is in. */
  readonly timeoutMs?: number;
}

/**
 * One implementation behind the protocol. `run` may be called many times without awaiting:
 * requests are pipelined and answers matched by seq. `run` never rejects: every failure is an
 * `errored` outcome of the case it concerns.
 */
export interface Participant {
  /** 'ts', 'python', or, for a command, the implementation's own name once started. */
  readonly name: string;
  /**
   * True when its cases run in the harness's own thread (in-process), so that handing it a case
   * holds up everything else until the case is done. Others only queue what they are handed.
   */
  readonly inHarnessThread?: boolean;
  /** Rejects with a ParticipantStartError when the participant cannot start. */
  start(): Promise<ImplementationInfo>;
  run(testCase: ProtocolCase, options?: RunOptions): Promise<ParticipantOutcome>;
  stop(): Promise<void>;
  /** Why the process was restarted, once per restart in this run (none for an in-process participant). */
  restarts?(): readonly string[];
}

export interface ParticipantOptions {
  /** The name to report under, instead of the default one. */
  readonly name?: string;
  /** Default per-case timeout (ms). */
  readonly timeoutMs?: number;
  /** How long `start` may take (ms); Python pays for its imports here. */
  readonly startTimeoutMs?: number;
  /** Validate every message both ways against `conformance/protocol.schema.json`. */
  readonly validateProtocol?: boolean;
  /** How many times a crashed, hung or garbled process participant is restarted in one run. */
  readonly maxRestarts?: number;
  /** How many requests a process participant may have in flight. */
  readonly window?: number;
  /**
   * In-process only: hand a case that reads back from its text unchanged to the op as it is, and
   * write only its result (what conformance and fuzzing use; a validated run keeps the whole round trip).
   */
  readonly direct?: boolean;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_START_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_RESTARTS = 10;
export const DEFAULT_WINDOW = 64;

/** A participant that could not start: every case it is given errors with this context. */
export class ParticipantStartError extends Error {
  override readonly name = 'ParticipantStartError';
  constructor(readonly context: ErrorContext) {
    super(context.message);
  }
}
