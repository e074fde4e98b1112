import { PyFloat, type PyJson } from '../json/pyJson.js';
import { copyJsonGeneric } from './normalize/copyJsonGeneric.js';
import { GENERIC, inspectJsonGeneric, quickJsonGeneric } from './normalize/inspectJsonGeneric.js';
import { RESULT_ROOT, ResultTooDeepError, TOO_DEEP_MESSAGE } from './normalize/resultErrors.js';
import { exactContentJson } from './render/writeContentJson.js';
import { containerText, toChatMessageContent } from './renderContent.js';
import type { DeclaredType } from '../subagent/declaredType.js';
import { validateValue } from '../types/validateValue.js';

const isStackOverflow = (error: unknown): boolean =>
  error instanceof RangeError && /call stack/i.test(error.message);

/** Runs `work`, turning a stack overflow anywhere inside into a `ResultTooDeepError`. */
const guardStack = <T>(work: () => T): T => {
  try {
    return work();
  } catch (error) {
    if (isStackOverflow(error)) throw new ResultTooDeepError(TOO_DEEP_MESSAGE, { code: 'RESULT_TOO_DEEP', cause: error });
    throw error;
  }
};

/** The result read through a declared type and dumped back to JSON form; as it is without one. */
const readThrough = (raw: unknown, resultType: DeclaredType | undefined): unknown =>
  resultType === undefined ? raw : validateValue(resultType, raw, { root: RESULT_ROOT });

/** The result as it is when its traits say it is JSON-generic, else its careful copy. */
const genericOf = (raw: unknown, traits: number): { readonly value: PyJson; readonly traits: number } =>
  (traits & GENERIC) !== 0 ? { value: raw as PyJson, traits } : { value: copyJsonGeneric(raw), traits: 0 };

/**
 * A sub-agent result reduced to JSON-generic form (reference §5), or an error naming where it
 * cannot be.
 *
 * With a declared result type the result is first read through the type and dumped back to JSON
 * form (`validateValue`, pydantic's lax mode): fields the type does not declare are dropped, and a
 * value the type refuses is a `ValidationError`-kind error whose path names the field
 * (`result.score`). The dump is then checked like any result, so a declared type can still give
 * a non-finite number, which is refused. Then, or without a type, the walk refuses with the
 * upstream messages: `Map keys in sub-agent result must be strings at <path>` (TypeError kind),
 * `Non-finite number in sub-agent result at <path>` (ValueError), `Sub-agent result must be
 * JSON-compatible at <path>, found <type>` (TypeError), `..., cycle detected` (ValueError).
 *
 * A result that is JSON-generic already (plain objects, arrays, finite numbers, strings, booleans,
 * null, bigints) is returned as it is; any other is copied into that form. TypeScript-only values:
 * `undefined`, array holes, functions, symbols, Sets, Dates, typed arrays and other class
 * instances are refused with their path; a Map with string keys becomes an object (a Map where a
 * plain object would reorder its keys), with other keys it is refused; bigints are kept exactly;
 * `-0` is kept; objects with a null prototype are accepted; own keys such as `__proto__` stay data;
 * `toJSON` is never called.
 */
export const normalizeResult = (raw: unknown, resultType?: DeclaredType): PyJson =>
  guardStack(() => {
    const read = readThrough(raw, resultType);
    return genericOf(read, inspectJsonGeneric(read)).value;
  });

/**
 * `normalizeResult` and `toChatMessageContent` in one step: the result and the text the model
 * reads. It inspects the result once for both, so it costs less than the two calls. A result
 * nested past the quick check's limit is written by one walk that also checks it
 * (`exactContentJson`), so that a deep result already JSON-generic is walked once, a deep diamond
 * staying shared; any other deep one is left to the careful walk, which reports its first problem
 * as `normalizeResult` does. Python's `normalize_and_render` does the same.
 */
export const normalizeAndRender = (raw: unknown, resultType?: DeclaredType): { readonly value: PyJson; readonly content: string } =>
  guardStack(() => {
    const read = readThrough(raw, resultType);
    const quick = quickJsonGeneric(read);
    if (quick === undefined) {
      const content = exactContentJson(read);
      if (content !== undefined) return { value: read as PyJson, content };
    }
    // A deep result the exact walk gave up on is not JSON-generic as it is, or holds an int too
    // long to print, which rendering refuses from its copy alike: it goes to the careful walk
    // without a second pass, as in Python.
    const { value, traits } = genericOf(read, quick ?? 0);
    const isContainer = typeof value === 'object' && value !== null && !(value instanceof PyFloat);
    const content = isContainer && traits !== 0 ? containerText(value, traits) : toChatMessageContent(value);
    return { value, content };
  });
