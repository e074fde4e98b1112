import { parsePyJson } from '../../../src/json/parsePyJson.js';
import type { PyJson } from '../../../src/json/pyJson.js';
import { compareValues } from '../../compare/compareValues.js';
import type { Sides } from '../../compare/diffValues.js';
import type { FieldComparator, FieldContext, OpComparator } from '../../compare/opComparator.js';
import { textSpellingRules } from '../../compare/textSpelling.js';
import { IDENTICAL, divergent, equivalent, type Verdict } from '../../compare/verdict.js';
import { isPyObject } from '../../util/pyObject.js';
import { maskRefusalText } from './refusalText.js';
import { maskNormalizeTypeNames } from './typeNames.js';

const parsed = (text: string): PyJson | undefined => {
  try {
    return parsePyJson(text);
  } catch {
    return undefined;
  }
};

let last: { readonly left: string; readonly right: string; readonly sides: Sides; readonly verdict: Verdict | undefined } | undefined;

/**
 * The lossless comparison of two JSON texts, or undefined when one does not parse. The last one
 * is kept: the content of a container is its JSON text, so `json` and `content` often give the
 * same pair twice, and a large value is the costly case.
 */
const compareTexts = (left: string, right: string, sides: Sides): Verdict | undefined => {
  if (last?.left === left && last.right === right && last.sides.left === sides.left && last.sides.right === sides.right) return last.verdict;
  const a = parsed(left);
  const b = parsed(right);
  const verdict = a === undefined || b === undefined ? undefined : compareValues(a, b, sides, { pointer: '' });
  last = { left, right, sides, verdict };
  return verdict;
};

/**
 * Two texts of a normalized value (or of the content the model reads): identical, or equivalent
 * when they say the same JSON up to what a JavaScript number cannot tell (1.0 against 1, 1e+16
 * against 10000000000000000), the order of keys, or the spelling of floats and escapes (rules
 * that hold only for a language other than Python and TypeScript, whose texts are Python's by
 * contract); anything else, spacing included, is divergent.
 */
const compareJsonTexts: FieldComparator = (left, right, sides, context) => {
  if (left === right) return IDENTICAL;
  const shown = (): string => `${JSON.stringify(String(left)).slice(0, 80)} in ${sides.left} and ${JSON.stringify(String(right)).slice(0, 80)} in ${sides.right}`;
  if (typeof left !== 'string' || typeof right !== 'string') return divergent(`the text is ${shown()}`);
  const verdict = compareTexts(left, right, sides);
  if (verdict === undefined) return divergent(`the text is ${shown()}`);
  if (verdict.status === 'identical') {
    // The text is the contract here: spacing differs only in meaning nothing to nobody.
    const rules = textSpellingRules(left, right, { spacing: false });
    return rules === undefined ? divergent(`the same value is written differently: ${shown()}`) : equivalent(`the same value is spelled differently: ${shown()}`, rules);
  }
  return verdict.status === 'equivalent' ? verdict : divergent(`${context.pointer.slice(1)} differs: ${verdict.detail}`);
};

/**
 * The digest of the JSON text. Against an `expect` that pins nothing but the digest (a result
 * too long to write out) a different digest is divergent; where the JSON text itself is compared
 * too, that comparison decides and a different digest only follows from it.
 */
const compareDigests: FieldComparator = (left, right, sides: Sides, context: FieldContext): Verdict => {
  if (left === right) return IDENTICAL;
  const expect = context.testCase.expect;
  const onlyDigest = sides.left === 'expect' && isPyObject(expect) && !(expect instanceof Map ? expect.has('json') : 'json' in expect);
  const text = `json_sha256 is ${String(left).slice(0, 12)}... in ${sides.left} and ${String(right).slice(0, 12)}... in ${sides.right}`;
  return onlyDigest ? divergent(text) : equivalent(`${text}, as the JSON texts differ`, []);
};

/** How `normalize` and `render_content` results compare (registered in `compare/opComparators.ts`). */
export const normalizeComparator: OpComparator = {
  fields: { json: compareJsonTexts, content: compareJsonTexts, json_sha256: compareDigests },
  maskTypeNames: maskNormalizeTypeNames,
  maskErrorText: maskRefusalText,
};
