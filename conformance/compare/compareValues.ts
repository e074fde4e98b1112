import type { PyJson } from '../../src/json/pyJson.js';
import type { RuleName } from './equivalenceRules.js';
import { diffValues, isMeaningful, type DiffOptions, type Difference, type Sides } from './diffValues.js';
import { IDENTICAL, divergent, equivalent, type Verdict } from './verdict.js';

const SHOWN = 3;

/** The text of a few differences, with a count of the rest. */
export const summarizeDifferences = (differences: readonly Difference[], limitReached: boolean): string => {
  const shown = differences.slice(0, SHOWN).map((d) => d.text);
  const rest = differences.length - shown.length;
  if (rest > 0 || limitReached) shown.push(limitReached ? 'and more' : `and ${rest} more`);
  return shown.join('; ');
};

// The rule that lets each kind of difference that keeps the meaning stand.
const ruleOf = (difference: Difference): RuleName => (difference.kind === 'number-kind' ? 'js-number' : 'key-order');

/**
 * Lossless comparison: an int against a float of the same value, or the same keys in another
 * order, is `equivalent` (and the detail says where); any other difference is `divergent`, and
 * the detail shows the differences that change the meaning first.
 */
export const compareValues = (left: PyJson, right: PyJson, sides: Sides, options: DiffOptions = {}): Verdict => {
  const limit = options.limit ?? 20;
  const differences = diffValues(left, right, sides, { ...options, limit });
  if (differences.length === 0) return IDENTICAL;
  const meaningful = differences.filter(isMeaningful);
  const limitReached = differences.length >= limit;
  return meaningful.length > 0
    ? divergent(summarizeDifferences(meaningful, limitReached))
    : equivalent(summarizeDifferences(differences, limitReached), [...new Set(differences.map(ruleOf))]);
};
