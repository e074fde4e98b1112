import type { ImplementationInfo, Participant, ParticipantOutcome, ProtocolCase, RunOptions } from './participant.js';

/**
 * Several copies of one participant (`--jobs N`) seen as one. The k-th case the pool is given
 * goes to member k mod N, a rule that depends on nothing but the order of the cases, so a case
 * meets the same member in every run. Each member keeps its own pipeline, restarts and
 * timeouts, so a member that crashes costs only its own cases; the pool's restarts are every
 * member's, in member order.
 */
export class ParticipantPool implements Participant {
  private next = 0;
  private starting: Promise<ImplementationInfo> | undefined;

  constructor(private readonly members: readonly Participant[]) {
    if (members.length === 0) throw new Error('a participant pool needs at least one member');
  }

  /** The first member's: they run one implementation, and a command goes by its start reply's name. */
  get name(): string {
    return this.members[0]!.name;
  }

  get inHarnessThread(): boolean {
    return this.members.some((member) => member.inHarnessThread === true);
  }

  /**
   * Starts every member at once. The pool starts when its first member does (it is the one that
   * names the pool); a later member that cannot start errors only its own cases.
   */
  start(): Promise<ImplementationInfo> {
    this.starting ??= (async () => {
      const started = await Promise.allSettled(this.members.map((member) => member.start()));
      const first = started[0]!;
      if (first.status === 'rejected') throw first.reason;
      return first.value;
    })();
    return this.starting;
  }

  run(testCase: ProtocolCase, options?: RunOptions): Promise<ParticipantOutcome> {
    // A member not started yet starts itself, as a lone participant does.
    return this.members[this.next++ % this.members.length]!.run(testCase, options);
  }

  async stop(): Promise<void> {
    await Promise.all(this.members.map((member) => member.stop()));
  }

  restarts(): readonly string[] {
    return this.members.flatMap((member) => member.restarts?.() ?? []);
  }
}
