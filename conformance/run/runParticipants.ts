import type { FixtureCase } from '../fixtures/fixtureCase.js';
import type { ProtocolCase } from '../serve/ops/index.js';
import type { Participant, ParticipantOutcome } from '../clients/participant.js';
import { ParticipantStartError } from '../clients/participant.js';
import type { ErrorContext, ImplementationInfo } from '../protocol/messages.js';

export interface ParticipantRun {
  readonly name: string;
  readonly implementation?: ImplementationInfo;
  readonly startError?: ErrorContext;
  /** One outcome per case, in case order. */
  readonly outcomes: readonly ParticipantOutcome[];
  /** How long each case kept the participant busy, in milliseconds, in case order. */
  readonly durations: readonly number[];
  /** Why the process was restarted, once per restart. */
  readonly restarts: readonly string[];
}

/** What a participant is sent of a fixture case: never its expectation. */
export const protocolCase = (testCase: FixtureCase): ProtocolCase => ({
  id: testCase.id,
  op: testCase.op,
  ...(testCase.declaration === undefined ? {} : { declaration: testCase.declaration }),
  ...(testCase.input === undefined ? {} : { input: testCase.input }),
});

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

const runOne = async (participant: Participant, cases: readonly ProtocolCase[], timeoutMs: number | undefined): Promise<Omit<ParticipantRun, 'name'> & { participant: Participant }> => {
  let implementation: ImplementationInfo | undefined;
  let startError: ErrorContext | undefined;
  try {
    implementation = await participant.start();
  } catch (error) {
    startError = error instanceof ParticipantStartError ? error.context : { message: String(error) };
  }
  // A participant that did not start answers every case errored at once.
  const options = timeoutMs === undefined ? {} : { timeoutMs };
  // Cases are pipelined and answered in order, so a case's time runs from the later of its
  // sending and the previous answer to its own answer: the time the participant spent on it.
  let previous = performance.now();
  const durations: number[] = [];
  // Each case is handed over on a turn of the event loop of its own, in case order: an in-process
  // participant works in the harness's thread, and between two of its cases the harness reads the
  // processes' answers and sends them more, so that no participant waits for another's cases.
  let turn = Promise.resolve();
  const outcomes = await Promise.all(
    cases.map(async (c, index) => {
      turn = turn.then(nextTurn);
      await turn;
      const sent = performance.now();
      const outcome = await participant.run(c, options);
      const answered = performance.now();
      durations[index] = Math.max(0, answered - Math.max(sent, previous));
      previous = Math.max(previous, answered);
      return outcome;
    }),
  );
  await participant.stop();
  return { participant, outcomes, durations, restarts: participant.restarts?.() ?? [], ...(implementation ? { implementation } : {}), ...(startError ? { startError } : {}) };
};

/**
 * Runs every case on every participant: participants in parallel, each with all its cases
 * pipelined. Participants that end up with the same name are told apart by a `-2`, `-3` suffix.
 */
export const runParticipants = async (
  cases: readonly FixtureCase[],
  participants: readonly Participant[],
  timeoutMs?: number,
): Promise<ParticipantRun[]> => {
  const sent = cases.map(protocolCase);
  const runs = await Promise.all(participants.map((p) => runOne(p, sent, timeoutMs)));
  const names = distinctNames(runs.map((r) => r.participant.name));
  return runs.map(({ participant: _, ...run }, i) => ({ name: names[i]!, ...run }));
};

/** Names told apart: the second and later of a name get a `-2`, `-3` suffix. */
export const distinctNames = (names: readonly string[]): string[] => {
  const taken = new Map<string, number>();
  return names.map((name) => {
    const count = (taken.get(name) ?? 0) + 1;
    taken.set(name, count);
    return count === 1 ? name : `${name}-${count}`;
  });
};
