import type { RuleName } from './equivalenceRules.js';

/**
 * How two results compare: `identical` (same text), `equivalent` (same meaning, different text,
 * and the detail says exactly what differs), or `divergent`.
 */
export type VerdictStatus = 'identical' | 'equivalent' | 'divergent';

export interface Verdict {
  readonly status: VerdictStatus;
  /** Empty for identical; otherwise what differs, with JSON pointers. */
  readonly detail: string;
  /** The equivalence rules (`equivalenceRules.ts`) an `equivalent` verdict rests on. */
  readonly rules?: readonly RuleName[];
}

const RANK: Record<VerdictStatus, number> = { identical: 0, equivalent: 1, divergent: 2 };

export const IDENTICAL: Verdict = { status: 'identical', detail: '' };

/** Alike through `rules`; no rule only when it follows from another check that names its own. */
export const equivalent = (detail: string, rules: readonly RuleName[]): Verdict => ({ status: 'equivalent', detail, ...(rules.length > 0 ? { rules } : {}) });
export const divergent = (detail: string): Verdict => ({ status: 'divergent', detail });

/** The worse status of two. */
export const worseStatus = (a: VerdictStatus, b: VerdictStatus): VerdictStatus => (RANK[a] >= RANK[b] ? a : b);

/** The rules of several verdicts, each once, in the order met. */
export const rulesOf = (verdicts: readonly Verdict[]): RuleName[] => [...new Set(verdicts.flatMap((v) => v.rules ?? []))];

/** One verdict for several checks: the worst status, the details of every check that found something, and the rules of the equivalent ones. */
export const combineVerdicts = (verdicts: readonly Verdict[], separator = '; '): Verdict => {
  const status = verdicts.reduce<VerdictStatus>((worst, v) => worseStatus(worst, v.status), 'identical');
  const details = verdicts.filter((v) => v.status !== 'identical' && v.detail !== '').map((v) => v.detail);
  if (status !== 'equivalent') return { status, detail: details.join(separator) };
  return equivalent(details.join(separator), rulesOf(verdicts));
};

/** A verdict whose detail is prefixed with what was compared (`vs python: ...`). */
export const labelled = (label: string, verdict: Verdict): Verdict =>
  verdict.status === 'identical' ? verdict : { ...verdict, detail: `${label}: ${verdict.detail}` };
