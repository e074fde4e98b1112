import { encodeStop } from '../protocol/encode.js';
import type { ErrorContext, ImplementationInfo } from '../protocol/messages.js';
import { runLine, type CaseTexts } from '../protocol/runLine.js';
import { protocolValidator, type ProtocolValidator } from '../protocol/validateProtocol.js';
import { Connection, type Launch } from './connection.js';
import { caseDeadline, describeExpiry, requestBytes, type CaseDeadline } from './deadline.js';
import { SentDeclarations } from './declarationKeys.js';
import { errored, prepareRequest, readAnswer, unsupported } from './exchange.js';
import {
  DEFAULT_MAX_RESTARTS,
  DEFAULT_START_TIMEOUT_MS,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_WINDOW,
  ParticipantStartError,
  type Participant,
  type ParticipantOptions,
  type ParticipantOutcome,
  type ProtocolCase,
  type RunOptions,
} from './participant.js';

interface Pending {
  readonly seq: number;
  readonly testCase: ProtocolCase;
  /** The case written once, for its first line and any resending after a restart. */
  readonly texts: CaseTexts;
  readonly op: string;
  readonly deadline: CaseDeadline;
  /** When it was last written to a process (`performance.now()`), for what an expiry says. */
  sentAt: number;
  readonly resolve: (outcome: ParticipantOutcome) => void;
}

const STOP_GRACE_MS = 2_000;

/**
 * A participant in its own process (or worker thread: see `Launch`), started once and kept alive. Requests are pipelined (up to
 * `window` in flight); answers come back in order, so the oldest request in flight is the one a
 * crash, a hang or a garbled line belongs to. Its timer starts when every earlier answer is in.
 * After such a failure the process is killed and restarted (replaying `start`), and the requests
 * still in flight are sent again. When a crash leaves several requests in flight, the culprit is
 * unknown (a participant may work on them concurrently), so they are replayed one at a time.
 */
export class ProcessParticipant implements Participant {
  private currentName: string;
  private info: ImplementationInfo | undefined;
  private starting: Promise<ImplementationInfo> | undefined;
  /** Set when the participant cannot go on: it never started, gave up restarting, or was stopped. */
  private failure: ErrorContext | undefined;
  private connection: Connection | undefined;
  /** What the current process has been sent, when it takes declarations by key. */
  private declarations: SentDeclarations | undefined;
  private restarting = false;
  private readonly restartReasons: string[] = [];
  private lastTrouble = '';
  private nextSeq = 1;
  private readonly queue: Pending[] = [];
  private readonly inflight: Pending[] = [];
  /** How many of the next requests go one at a time, after a crash with several in flight. */
  private isolate = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly validator: ProtocolValidator | undefined;
  /** Aborted by `stop`: a start still waiting for its reply is given up, its process killed. */
  private readonly stopping = new AbortController();

  /** `fallbackName` is the name until the start reply gives one (and for good, if it never does). */
  constructor(
    private readonly command: Launch,
    fallbackName: string,
    private readonly options: ParticipantOptions = {},
  ) {
    this.currentName = options.name ?? fallbackName;
    this.validator = options.validateProtocol ? protocolValidator() : undefined;
  }

  get name(): string {
    return this.currentName;
  }

  start(): Promise<ImplementationInfo> {
    this.starting ??= this.connect().then(
      (info) => {
        this.info = info;
        // A participant given only as a command goes by the name it gives itself.
        if (this.options.name === undefined) this.currentName = info.name;
        return info;
      },
      (error: unknown) => {
        this.failure = error instanceof ParticipantStartError ? error.context : { message: String(error) };
        throw error;
      },
    );
    return this.starting;
  }

  async run(testCase: ProtocolCase, options: RunOptions = {}): Promise<ParticipantOutcome> {
    if (this.info === undefined) await this.start().catch(() => undefined);
    if (this.failure !== undefined || this.info === undefined) return errored(this.failure ?? { message: 'not started' });
    const skipped = unsupported(this.info, testCase);
    if (skipped) return skipped;
    const seq = this.nextSeq++;
    const prepared = prepareRequest(seq, testCase, this.validator);
    if ('problem' in prepared) return errored({ message: prepared.problem });
    return new Promise((resolve) => {
      const deadline = caseDeadline(options.timeoutMs ?? this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS, requestBytes(prepared.texts));
      this.queue.push({ seq, testCase, texts: prepared.texts, op: testCase.op, deadline, sentAt: 0, resolve });
      this.pump();
    });
  }

  async stop(): Promise<void> {
    this.failure ??= { message: 'the participant was stopped before this case was answered' };
    this.failAll(this.failure);
    // Stopped while its process starts (an interrupted run): the start is given up, so that a
    // participant that never answers it does not hold the run for the whole start timeout.
    this.stopping.abort();
    await this.starting?.catch(() => undefined);
    const proc = this.connection?.process;
    this.disconnect();
    if (proc === undefined || !proc.alive) return;
    proc.write(encodeStop());
    proc.closeInput();
    const grace = setTimeout(() => proc.kill(), STOP_GRACE_MS);
    await proc.done;
    clearTimeout(grace);
  }

  private async connect(): Promise<ImplementationInfo> {
    const connection = await Connection.open(this.command, this.options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS, this.validator, this.stopping.signal);
    this.connection = connection;
    // A new process knows no declaration key yet.
    this.declarations = connection.info.features?.includes('declaration_key') ? new SentDeclarations() : undefined;
    connection.attach({ onLine: (line) => this.onLine(line), onExit: (context) => this.onCrash(context) });
    return connection.info;
  }

  private pump(): void {
    if (this.failure !== undefined) return this.failAll(this.failure);
    if (this.connection === undefined) {
      if (!this.restarting && this.queue.length + this.inflight.length > 0) void this.restart();
      return;
    }
    const limit = this.isolate > 0 ? 1 : (this.options.window ?? DEFAULT_WINDOW);
    while (this.inflight.length < limit && this.queue.length > 0) {
      const next = this.queue.shift()!;
      this.inflight.push(next);
      next.sentAt = performance.now();
      this.connection.process.write(runLine(next.seq, next.texts, this.declarations?.formFor(next.testCase)));
      if (this.inflight.length === 1) this.armTimer();
    }
  }

  restarts(): readonly string[] {
    return this.restartReasons;
  }

  private async restart(): Promise<void> {
    const maxRestarts = this.options.maxRestarts ?? DEFAULT_MAX_RESTARTS;
    if (this.restartReasons.length >= maxRestarts) {
      this.failure = { message: `the participant was restarted ${this.restartReasons.length} times and is not restarted again; last trouble: ${this.lastTrouble}` };
      return this.failAll(this.failure);
    }
    this.restarting = true;
    this.restartReasons.push(this.lastTrouble === '' ? 'the process ended' : this.lastTrouble);
    try {
      await this.connect();
    } catch (error) {
      this.lastTrouble = `restart failed: ${(error as Error).message}`;
    }
    this.restarting = false;
    // Stopped while the new process started (an interrupted run): it must not outlive the run.
    if (this.failure !== undefined) return this.recycle(this.failure.message);
    this.pump();
  }

  private onLine(line: string): void {
    const head = this.inflight[0];
    if (head === undefined) return this.recycle(`an answer arrived when none was due: ${line.slice(0, 200)}`);
    const answer = readAnswer(line, head.seq, head.op, this.validator);
    if (answer.status === 'broken') return this.blameHead({ message: answer.message });
    this.settleHead(answer.outcome);
    this.armTimer();
    this.pump();
  }

  private onCrash(context: ErrorContext): void {
    this.lastTrouble = context.message;
    if (this.inflight.length === 1) this.settleHead(errored(context));
    else if (this.inflight.length > 1) this.isolate = this.inflight.length;
    this.disconnect();
    this.pump();
  }

  /** Errors the oldest request in flight and restarts the process for the others. */
  private blameHead(context: ErrorContext): void {
    const stderr = this.connection?.process.stderr.text();
    this.settleHead(errored({ ...context, ...(stderr ? { stderr } : {}) }));
    this.recycle(context.message);
  }

  private settleHead(outcome: ParticipantOutcome): void {
    const head = this.inflight.shift();
    if (head === undefined) return;
    if (this.isolate > 0) this.isolate--;
    head.resolve(outcome);
  }

  /** Kills the process; whatever was in flight goes back to the front of the queue. */
  private recycle(trouble: string): void {
    this.lastTrouble = trouble;
    const proc = this.connection?.process;
    this.disconnect();
    proc?.kill();
    this.pump();
  }

  private disconnect(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.connection?.detach();
    this.connection = undefined;
    this.queue.unshift(...this.inflight.splice(0));
  }

  private armTimer(): void {
    clearTimeout(this.timer);
    const head = this.inflight[0];
    this.timer =
      head === undefined
        ? undefined
        : setTimeout(() => this.blameHead({ message: `${describeExpiry(this.name, head.testCase, head.deadline, performance.now() - head.sentAt)}; the participant was killed` }), head.deadline.ms);
  }

  private failAll(context: ErrorContext): void {
    for (const pending of [...this.inflight.splice(0), ...this.queue.splice(0)]) pending.resolve(errored(context));
  }
}
