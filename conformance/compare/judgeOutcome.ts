import type { FixtureCase } from '../fixtures/fixtureCase.js';
import type { ParticipantOutcome } from '../clients/participant.js';
import type { ErrorContext } from '../protocol/messages.js';
import type { PyJson } from '../../src/json/pyJson.js';
import { compareResults, type Side } from './compareResults.js';
import type { OpComparator } from './opComparator.js';
import { opComparators } from './opComparators.js';
import { combineVerdicts, labelled, type Verdict, type VerdictStatus } from './verdict.js';

/**
 * Where a participant stands on a case: a verdict, or `errored` / `skipped`, which stand apart,
 * or `unchecked`: it answered, but nothing checked the answer (no `expect`, and no second
 * participant answered the case).
 */
export type CaseStatus = VerdictStatus | 'errored' | 'skipped' | 'unchecked';

export interface CaseVerdict {
  readonly status: CaseStatus;
  readonly detail: string;
  /** What was seen of an errored participant. */
  readonly context?: ErrorContext;
}

export interface Reference {
  readonly name: string;
  readonly outcome: ParticipantOutcome;
  /** Another participant answered the case, so the reference's own answer was compared with something. */
  readonly corroborated?: boolean;
}

const lastLine = (text: string | undefined): string | undefined => text?.trim().split('\n').at(-1);

const erroredDetail = (context: ErrorContext): string => {
  const last = lastLine(context.stderr);
  return last === undefined || last === '' ? context.message : `${context.message} (stderr: ${last})`;
};

/**
 * A result as a side of a comparison; its value is read only if the texts do not settle it. A
 * class, not an object literal with a getter, which V8 would give a map of its own per object.
 */
class ResultSide implements Side {
  readonly text: string;
  readonly #outcome: ParticipantOutcome & { status: 'result' };

  constructor(
    readonly name: string,
    outcome: ParticipantOutcome & { status: 'result' },
  ) {
    this.text = outcome.text;
    this.#outcome = outcome;
  }

  get value(): PyJson {
    return this.#outcome.result;
  }
}

const side = (name: string, outcome: ParticipantOutcome & { status: 'result' }): Side => new ResultSide(name, outcome);

/**
 * Judges one participant's outcome of a case: against the case's `expect` (when it has one) and
 * against the reference participant's result (unless it is the reference); the worse verdict wins.
 */
export const judgeOutcome = async (
  testCase: FixtureCase,
  participant: string,
  outcome: ParticipantOutcome,
  reference: Reference | undefined,
  comparator: OpComparator | undefined = opComparators[testCase.op],
): Promise<CaseVerdict> => {
  if (outcome.status === 'errored') return { status: 'errored', detail: erroredDetail(outcome.context), context: outcome.context };
  if (outcome.status === 'skipped') return { status: 'skipped', detail: outcome.reason };
  const actual = side(participant, outcome);
  const verdicts: Verdict[] = [];
  if (testCase.expect !== undefined) {
    const expected = { name: 'expect', value: testCase.expect };
    verdicts.push(labelled('vs expect', await compareResults(expected, actual, { testCase, partial: true, ...(comparator ? { comparator } : {}) })));
  }
  const isReference = reference?.name === participant;
  // Why the reference could not be compared with, if it could not.
  let missing: string | undefined;
  if (reference === undefined) missing = 'no reference participant ran';
  else if (!isReference && reference.outcome.status !== 'result') missing = `${reference.name} ${reference.outcome.status}`;
  else if (!isReference && reference.outcome.status === 'result') {
    const left = side(reference.name, reference.outcome);
    verdicts.push(labelled(`vs ${reference.name}`, await compareResults(left, actual, { testCase, ...(comparator ? { comparator } : {}) })));
  }
  if (verdicts.length === 0) {
    if (isReference && reference.corroborated === true) return { status: 'identical', detail: 'no expect: the reference result stands' };
    return { status: 'unchecked', detail: `not checked: the case has no expect and ${missing ?? 'no other participant answered it'}` };
  }
  const verdict = combineVerdicts(verdicts);
  if (missing === undefined) return verdict;
  const note = `compared with expect only (${missing})`;
  return { status: verdict.status, detail: verdict.detail === '' ? note : `${verdict.detail}; ${note}` };
};
