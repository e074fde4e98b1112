/**
 * How two results compare: `identical` (same text), `equivalent` (same meaning, different text,
 * and the detail says exactly what differs), or `divergent`.
 */
export type VerdictStatus = 'identical' | 'equivalent' | 'divergent';

export interface Verdict {
  readonly status: VerdictStatus;
  /** Empty for identical; otherwise what differs, with JSON pointers. */
  readonly detail: string;
}

const RANK: Record<VerdictStatus, number> = { identical: 0, equivalent: 1, divergent: 2 };

export const IDENTICAL: Verdict = { status: 'identical', detail: '' };

export const equivalent = (detail: string): Verdict => ({ status: 'equivalent', detail });
export const divergent = (detail: string): Verdict => ({ status: 'divergent', detail });

/** The worse status of two. */
export const worseStatus = (a: VerdictStatus, b: VerdictStatus): VerdictStatus => (RANK[a] >= RANK[b] ? a : b);

/** One verdict for several checks: the worst status, and the details of every check that found something. */
export const combineVerdicts = (verdicts: readonly Verdict[], separator = '; '): Verdict => {
  const status = verdicts.reduce<VerdictStatus>((worst, v) => worseStatus(worst, v.status), 'identical');
  const details = verdicts.filter((v) => v.status !== 'identical' && v.detail !== '').map((v) => v.detail);
  return { status, detail: details.join(separator) };
};

/** A verdict whose detail is prefixed with what was compared (`vs python: ...`). */
export const labelled = (label: string, verdict: Verdict): Verdict =>
  verdict.status === 'identical' ? verdict : { status: verdict.status, detail: `${label}: ${verdict.detail}` };
