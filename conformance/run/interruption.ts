import type { ImplementationInfo, Participant, ParticipantOutcome, ProtocolCase, RunOptions } from '../clients/participant.js';

/** What ended a run early: a signal, or `--deadline`. */
export type InterruptionCause = 'SIGINT' | 'SIGTERM' | 'deadline';

export interface InterruptionOptions {
  /** `--deadline`, in milliseconds from `arm`. */
  readonly deadlineMs?: number;
  /** Tells the person what is happening (stderr, with the command's prefix). */
  readonly say: (message: string) => void;
  /** The exit code of a second signal, which exits at once. */
  readonly exitCode: number;
}

// Outcomes that stand for a case the interruption kept from being answered: a weak set, so that
// the outcome union stays as every reader of it knows it.
const NOT_RUN = new WeakMap<ParticipantOutcome, string>();

/** Why this outcome's case was not run (what interrupted the run), or undefined for an outcome of a case that ran. */
export const notRunMessage = (outcome: ParticipantOutcome): string | undefined => NOT_RUN.get(outcome);

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * The end of a run by SIGINT, SIGTERM or its deadline. The first stops every participant it
 * guards (so that no process outlives the run) and makes every case not answered by then "not
 * run", so that the command can still write its partial report; a second signal exits at once.
 */
export class Interruption {
  private firedBy: InterruptionCause | undefined;
  private readonly stops: (() => Promise<unknown>)[] = [];
  private stopping: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private resolveFired: () => void = () => undefined;
  /** Settles when the run is interrupted; never, if it is not. */
  readonly fired = new Promise<void>((resolve) => {
    this.resolveFired = resolve;
  });
  private readonly onSignal = (signal: NodeJS.Signals): void => {
    if (this.firedBy === undefined) return this.fire(signal === 'SIGINT' ? 'SIGINT' : 'SIGTERM');
    this.options.say(`${signal} again: exiting at once, without the report`);
    process.exit(this.options.exitCode);
  };

  private constructor(
    private readonly options: InterruptionOptions,
    readonly deadlineMs: number | undefined,
  ) {}

  /** Listens for the signals and starts the deadline's clock; `disarm` undoes both. */
  static arm(options: InterruptionOptions): Interruption {
    const interruption = new Interruption(options, options.deadlineMs);
    for (const signal of SIGNALS) process.on(signal, interruption.onSignal);
    if (options.deadlineMs !== undefined) interruption.timer = setTimeout(() => interruption.fire('deadline'), options.deadlineMs);
    return interruption;
  }

  get cause(): InterruptionCause | undefined {
    return this.firedBy;
  }

  /** What ended the run, in words: `SIGTERM`, `the deadline of 90000 ms`. */
  describe(): string {
    return this.firedBy === 'deadline' ? `the deadline of ${this.deadlineMs} ms passed` : `${this.firedBy ?? 'nothing'} was received`;
  }

  fire(cause: InterruptionCause): void {
    if (this.firedBy !== undefined) return;
    this.firedBy = cause;
    clearTimeout(this.timer);
    this.options.say(`${this.describe()}: stopping the participants and writing the partial report${cause === 'deadline' ? '' : ` (${cause} again exits at once)`}`);
    this.stopping = Promise.all(this.stops.map((stop) => stop()));
    this.resolveFired();
  }

  /** Has `stop` called when the run is interrupted (at once, if it already is). */
  onStop(stop: () => Promise<unknown>): void {
    this.stops.push(stop);
    if (this.firedBy !== undefined) this.stopping = Promise.all([this.stopping, stop()]);
  }

  /** Settles once everything `onStop` was given has stopped after an interruption. */
  async stopped(): Promise<void> {
    await this.stopping;
  }

  /** The participant, with every case it has not answered when the run is interrupted answered "not run". */
  guard(participant: Participant): Participant {
    const guarded = new GuardedParticipant(participant, this);
    this.onStop(() => guarded.stop());
    return guarded;
  }

  notRun(): ParticipantOutcome {
    const outcome: ParticipantOutcome = { status: 'errored', context: { message: `not run: ${this.describe()}` } };
    NOT_RUN.set(outcome, this.describe());
    return outcome;
  }

  /** The run is over: the deadline no longer applies (a signal still does, until `disarm`). */
  stopClock(): void {
    clearTimeout(this.timer);
  }

  disarm(): void {
    clearTimeout(this.timer);
    for (const signal of SIGNALS) process.off(signal, this.onSignal);
  }
}

class GuardedParticipant implements Participant {
  private stopped: Promise<void> | undefined;

  constructor(
    private readonly inner: Participant,
    private readonly interruption: Interruption,
  ) {}

  get name(): string {
    return this.inner.name;
  }

  get inHarnessThread(): boolean {
    return this.inner.inHarnessThread === true;
  }

  start(): Promise<ImplementationInfo> {
    return this.inner.start();
  }

  async run(testCase: ProtocolCase, options?: RunOptions): Promise<ParticipantOutcome> {
    if (this.interruption.cause !== undefined) return this.interruption.notRun();
    // An answer read before the interruption settles its promise (and this continuation) before
    // the signal's handler runs, so an answer that came in time is never taken for "not run".
    const answered = this.inner.run(testCase, options).then((outcome) => (this.interruption.cause === undefined ? outcome : this.interruption.notRun()));
    return Promise.race([answered, this.interruption.fired.then(() => this.interruption.notRun())]);
  }

  stop(): Promise<void> {
    this.stopped ??= this.inner.stop();
    return this.stopped;
  }

  restarts(): readonly string[] {
    return this.inner.restarts?.() ?? [];
  }
}
