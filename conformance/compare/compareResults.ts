import { escapePointerToken } from '../../src/json/jsonPointer.js';
import type { PyJson } from '../../src/json/pyJson.js';
import type { FixtureCase } from '../fixtures/fixtureCase.js';
import { getField, isPyObject, objectKeys } from '../util/pyObject.js';
import { compareErrors } from './compareErrors.js';
import { compareValues } from './compareValues.js';
import { show, showPointer, type Sides } from './diffValues.js';
import type { OpComparator } from './opComparator.js';
import { textSpellingRules } from './textSpelling.js';
import { IDENTICAL, combineVerdicts, divergent, equivalent, type Verdict } from './verdict.js';

/** One side of a comparison: who, what they answered, and the text they wrote, when known. */
export interface Side {
  readonly name: string;
  readonly value: PyJson;
  readonly text?: string;
}

export interface CompareOptions {
  readonly testCase: FixtureCase;
  readonly comparator?: OpComparator;
  /** The left side is an `expect`: only the keys it has are checked. */
  readonly partial?: boolean;
}

const refusal = (error: PyJson): string => {
  if (!isPyObject(error)) return show(error);
  const kind = getField(error, 'kind');
  const message = getField(error, 'message');
  return `${typeof kind === 'string' ? kind : '?'}: ${typeof message === 'string' ? message : show(message ?? null)}`;
};

// The error code is optional (a version-1 participant sends none): texts that differ only by the
// code one side's error carries are the same text.
const errorCodeOf = (side: Side): string | undefined => {
  const error = isPyObject(side.value) ? getField(side.value, 'error') : undefined;
  const code = error !== undefined && isPyObject(error) ? getField(error, 'code') : undefined;
  return typeof code === 'string' ? code : undefined;
};
const withoutCode = (text: string, code: string): string => text.replace(new RegExp(`"code":\\s*"${code}",?\\s*`), '');
const sameTextButCode = (left: Side, right: Side): boolean => {
  const [a, b] = [errorCodeOf(left), errorCodeOf(right)];
  if ((a === undefined) === (b === undefined)) return false;
  return (a === undefined ? left.text : withoutCode(left.text!, a)) === (b === undefined ? right.text : withoutCode(right.text!, b));
};

// Where two texts of the same value first differ, shown from a little before.
const textDifference = (left: Side, right: Side): string => {
  const a = left.text!;
  const b = right.text!;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - 15);
  const cut = (t: string): string => JSON.stringify(`${from > 0 ? '...' : ''}${t.slice(from, i + 25)}${t.length > i + 25 ? '...' : ''}`);
  return `same value, different text from character ${i + 1}: ${left.name} wrote ${cut(a)} and ${right.name} wrote ${cut(b)}`;
};

const compareFields = async (left: Side, right: Side, options: CompareOptions): Promise<Verdict[]> => {
  const sides: Sides = { left: left.name, right: right.name };
  const a = left.value;
  const b = right.value;
  if (!isPyObject(a) || !isPyObject(b)) return [compareValues(a, b, sides)];
  const errorA = getField(a, 'error');
  const errorB = getField(b, 'error');
  if (errorA !== undefined && errorB === undefined) return [divergent(`${left.name} refused (${refusal(errorA)}) where ${right.name} answered ${show(b)}`)];
  if (errorA === undefined && errorB !== undefined && !options.partial) return [divergent(`${right.name} refused (${refusal(errorB)}) where ${left.name} answered ${show(a)}`)];
  if (errorA === undefined && errorB !== undefined) return [divergent(`${right.name} refused (${refusal(errorB)})`)];

  const verdicts: Verdict[] = [];
  const keysA = objectKeys(a);
  const keysB = objectKeys(b);
  const keys = options.partial ? keysA : [...keysA, ...keysB.filter((k) => !keysA.includes(k))];
  for (const key of keys) {
    const pointer = `/${escapePointerToken(key)}`;
    const x = getField(a, key);
    const y = getField(b, key);
    if (x === undefined) verdicts.push(divergent(`${showPointer(pointer)} is only in ${right.name} (${show(y!)})`));
    else if (y === undefined) verdicts.push(divergent(`${showPointer(pointer)} is missing in ${right.name} (${left.name} has ${show(x)})`));
    else if (key === 'error') verdicts.push(compareErrors(x, y, sides, { message: options.comparator?.maskTypeNames, text: options.comparator?.maskErrorText }, options.partial));
    else {
      const field = options.comparator?.fields?.[key];
      const verdict = field ? await field(x, y, sides, { testCase: options.testCase, pointer }) : compareValues(x, y, sides, { pointer });
      verdicts.push(verdict.status === 'identical' || field === undefined ? verdict : { ...verdict, detail: `${showPointer(pointer)}: ${verdict.detail}` });
    }
  }
  if (!options.partial) {
    const common = keysA.filter((k) => keysB.includes(k));
    const commonB = keysB.filter((k) => keysA.includes(k));
    if (common.some((k, i) => k !== commonB[i])) verdicts.push(equivalent(`result key order is ${common.join(', ')} in ${left.name} and ${commonB.join(', ')} in ${right.name}`, ['key-order']));
  }
  return verdicts;
};

/**
 * Compares two results of the same case: the result of a participant (right) with the
 * reference's or with the case's `expect` (left, `partial`). Errors compare by kind, path and
 * message; fields with an op comparator by their own meaning; everything else losslessly. When
 * the values agree but the texts do not, the verdict is `equivalent` and says where the texts part.
 */
export const compareResults = async (left: Side, right: Side, options: CompareOptions): Promise<Verdict> => {
  if (!options.partial && left.text !== undefined && left.text === right.text) return IDENTICAL;
  const verdict = combineVerdicts(await compareFields(left, right, options));
  if (verdict.status !== 'identical' || options.partial || left.text === undefined || right.text === undefined) return verdict;
  if (left.text === right.text || sameTextButCode(left, right)) return verdict;
  const rules = textSpellingRules(left.text, right.text, { spacing: true });
  return rules === undefined ? divergent(`${textDifference(left, right)}, which no rule explains`) : equivalent(textDifference(left, right), rules);
};
