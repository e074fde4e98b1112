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

interface StartedRun {
  readonly participant: Participant;
  readonly implementation?: ImplementationInfo;
  readonly startError?: ErrorContext;
}

/** A participant's outcome of one case, and how long the case kept it busy (milliseconds). */
export interface Answer {
  readonly outcome: ParticipantOutcome;
  readonly durationMs: number;
}

interface Running {
  /** Settles once the participant has started (or failed to), before its first case is sent. */
  readonly started: Promise<StartedRun>;
  /** Each case's answer, settling as it comes in. */
  readonly answers: readonly Promise<Answer>[];
  /** Settles once every answer is in and the participant has stopped. */
  readonly stopped: Promise<void>;
}

const startRun = (participant: Participant, cases: readonly ProtocolCase[], timeoutMs: number | undefined): Running => {
  const started = (async (): Promise<StartedRun> => {
    try {
      return { participant, implementation: await participant.start() };
    } catch (error) {
      return { participant, startError: error instanceof ParticipantStartError ? error.context : { message: String(error) } };
    }
  })();
  // A participant that did not start answers every case errored at once.
  const options = timeoutMs === undefined ? {} : { timeoutMs };
  // Cases are pipelined and answered in order, so a case's time runs from the later of its
  // sending and the previous answer to its own answer: the time the participant spent on it.
  let previous = 0;
  // An in-process participant works in the harness's thread, so it is handed each case on a turn
  // of the event loop of its own, in case order: between two of its cases the harness reads the
  // processes' answers and judges what is answered. Any other participant is handed every case at
  // once and queues them, so that it never waits for the in-process one's cases (paced as well,
  // the Python participant's requests went out only as fast as the in-process cases ran).
  const paced = participant.inHarnessThread === true;
  let turn: Promise<unknown> = started.then(() => {
    previous = performance.now();
  });
  const answers = cases.map(async (c): Promise<Answer> => {
    if (paced) turn = turn.then(nextTurn);
    await turn;
    const sent = performance.now();
    const outcome = await participant.run(c, options);
    const answered = performance.now();
    const durationMs = Math.max(0, answered - Math.max(sent, previous));
    previous = Math.max(previous, answered);
    return { outcome, durationMs };
  });
  const stopped = Promise.all(answers).then(() => participant.stop());
  return { started, answers, stopped };
};

/** The participants of a run as they start: their names, and each case's outcomes as they come in. */
export interface StartedRuns {
  /** Names told apart (`distinctNames`), in participant order. */
  readonly names: readonly string[];
  readonly started: readonly StartedRun[];
  /** Every participant's answer to case `index`, in participant order, once each has given it. */
  answersTo(index: number): Promise<readonly Answer[]>;
  /** What each participant did, once every one has answered every case and stopped. */
  finished(): Promise<ParticipantRun[]>;
}

/**
 * Starts every participant and sends it every case: participants in parallel, each with all its
 * cases pipelined. Resolves once all have started (a command participant's name is known only
 * then); participants that end up with the same name are told apart by a `-2`, `-3` suffix.
 */
export const startParticipants = async (
  cases: readonly FixtureCase[],
  participants: readonly Participant[],
  timeoutMs?: number,
): Promise<StartedRuns> => {
  const sent = cases.map(protocolCase);
  const running = participants.map((p) => startRun(p, sent, timeoutMs));
  const started = await Promise.all(running.map((r) => r.started));
  const names = distinctNames(started.map((s) => s.participant.name));
  return {
    names,
    started,
    answersTo: (index) => Promise.all(running.map((r) => r.answers[index]!)),
    finished: async () => {
      await Promise.all(running.map((r) => r.stopped));
      return await Promise.all(
        running.map(async (r, i): Promise<ParticipantRun> => {
          const { participant, implementation, startError } = started[i]!;
          const answers = await Promise.all(r.answers);
          return {
            name: names[i]!,
            outcomes: answers.map((a) => a.outcome),
            durations: answers.map((a) => a.durationMs),
            restarts: participant.restarts?.() ?? [],
            ...(implementation ? { implementation } : {}),
            ...(startError ? { startError } : {}),
          };
        }),
      );
    },
  };
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
