import type { PyJson } from '../../src/json/pyJson.js';
import { getField, isPyObject } from '../util/pyObject.js';
import { show, type Sides } from './diffValues.js';
import { IDENTICAL, combineVerdicts, divergent, equivalent, type Verdict } from './verdict.js';

/** Rewrites the type names one language spells its own way, so that messages compare by meaning. */
export type TypeNameMask = (message: string) => string;

const noMask: TypeNameMask = (message) => message;

/**
 * Two `{kind, code?, message, path, text?}` errors agree when code (where both send one), kind,
 * path, message and text agree; a
 * message that differs only where `masks.message` hides type names, or a text only where
 * `masks.text` hides what languages show their own way, is `equivalent`. With `partial`, only what the
 * left side states is checked (an `expect` may leave out the path or the message).
 */
export const compareErrors = (
  left: PyJson,
  right: PyJson,
  sides: Sides,
  masks: { readonly message?: TypeNameMask; readonly text?: TypeNameMask } = {},
  partial = false,
): Verdict => {
  if (!isPyObject(left) || !isPyObject(right)) return divergent(`the error is ${show(left)} in ${sides.left} and ${show(right)} in ${sides.right}`);
  const verdicts: Verdict[] = [];
  // A code is compared first, and only where both sides send one: it is optional in the protocol.
  const [codeA, codeB] = [getField(left, 'code'), getField(right, 'code')];
  if (codeA !== undefined && codeB !== undefined && codeA !== codeB) verdicts.push(divergent(`error code is ${show(codeA)} in ${sides.left} and ${show(codeB)} in ${sides.right}`));
  for (const key of ['kind', 'path'] as const) {
    const a = getField(left, key);
    const b = getField(right, key);
    if (partial && a === undefined) continue;
    if (a !== b) verdicts.push(divergent(`error ${key} is ${show(a ?? null)} in ${sides.left} and ${show(b ?? null)} in ${sides.right}`));
  }
  for (const [key, mask, why, rule] of [
    ['message', masks.message ?? noMask, 'they differ only in type names', 'type-names'],
    ['text', masks.text ?? noMask, 'they differ only in how the inputs are shown', 'shown-inputs'],
  ] as const) {
    const a = getField(left, key);
    const b = getField(right, key);
    if ((partial && a === undefined) || a === b) continue;
    const masked = typeof a === 'string' && typeof b === 'string' && mask(a) === mask(b);
    const text = `error ${key} is ${show(a ?? null, 200)} in ${sides.left} and ${show(b ?? null, 200)} in ${sides.right}`;
    verdicts.push(masked ? equivalent(`${text} (${why})`, [rule]) : divergent(text));
  }
  return verdicts.length === 0 ? IDENTICAL : combineVerdicts(verdicts);
};
