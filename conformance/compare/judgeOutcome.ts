import type { FixtureCase } from '../fixtures/fixtureCase.js';
import type { ParticipantOutcome } from '../clients/participant.js';
import type { ErrorContext } from '../protocol/messages.js';
import type { PyJson } from '../../src/json/pyJson.js';
import { compareResults, type Side } from './compareResults.js';
import type { OpComparator } from './opComparator.js';
import { opComparator } from './opComparators.js';
import { enforceRules, type RuleName, type RulePolicy } from './equivalenceRules.js';
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
  /** The equivalence rules an `equivalent` verdict rests on. */
  readonly rules?: readonly RuleName[];
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

/** Which equivalence rules hold: the policy, and the language each participant declared. */
export interface RuleContext extends RulePolicy {
  languageOf(participant: string): string | undefined;
}

/**
 * Judges one participant's outcome of a case: against the case's `expect` (when it has one) and
 * against the reference participant's result (unless it is the reference); the worse verdict wins.
 * With `rules`, an equivalence rests only on rules that are on and apply to the languages compared
 * (an `expect` has none: the participant's own decides). The comparator is the op's own
 * (`opComparator`) unless one is given.
 */
export const judgeOutcome = async (
  testCase: FixtureCase,
  participant: string,
  outcome: ParticipantOutcome,
  reference: Reference | undefined,
  given?: OpComparator,
  rules?: RuleContext,
): Promise<CaseVerdict> => {
  const allowed = (verdict: Verdict, against: string | undefined): Verdict =>
    rules === undefined ? verdict : enforceRules(verdict, rules, [against, participant].flatMap((name) => {
      const language = name === undefined ? undefined : rules.languageOf(name);
      return language === undefined ? [] : [language];
    }));
  if (outcome.status === 'errored') return { status: 'errored', detail: erroredDetail(outcome.context), context: outcome.context };
  if (outcome.status === 'skipped') return { status: 'skipped', detail: outcome.reason };
  const actual = side(participant, outcome);
  const comparator = given ?? (await opComparator(testCase.op));
  const verdicts: Verdict[] = [];
  if (testCase.expect !== undefined) {
    const expected = { name: 'expect', value: testCase.expect };
    verdicts.push(labelled('vs expect', allowed(await compareResults(expected, actual, { testCase, partial: true, ...(comparator ? { comparator } : {}) }), undefined)));
  }
  const isReference = reference?.name === participant;
  // Why the reference could not be compared with, if it could not.
  let missing: string | undefined;
  if (reference === undefined) missing = 'no reference participant ran';
  else if (!isReference && reference.outcome.status !== 'result') missing = `${reference.name} ${reference.outcome.status}`;
  else if (!isReference && reference.outcome.status === 'result') {
    const left = side(reference.name, reference.outcome);
    verdicts.push(labelled(`vs ${reference.name}`, allowed(await compareResults(left, actual, { testCase, ...(comparator ? { comparator } : {}) }), reference.name)));
  }
  if (verdicts.length === 0) {
    if (isReference && reference.corroborated === true) return { status: 'identical', detail: 'no expect: the reference result stands' };
    return { status: 'unchecked', detail: `not checked: the case has no expect and ${missing ?? 'no other participant answered it'}` };
  }
  const verdict = combineVerdicts(verdicts);
  if (missing === undefined) return verdict;
  const note = `compared with expect only (${missing})`;
  return { ...verdict, detail: verdict.detail === '' ? note : `${verdict.detail}; ${note}` };
};
