import type { RuleName } from './equivalenceRules.js';

// One JSON token: a string, a number, a literal or punctuation, or the whitespace between them.
const TOKEN = /\s+|"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null|NaN|-?Infinity|[{}[\]:,]|./gsy;

const tokens = (text: string): string[] => text.match(TOKEN) ?? [];
const isSpace = (token: string): boolean => /^\s/.test(token);
const isNumber = (token: string): boolean => /^-?\d/.test(token);

/**
 * The rules that explain how two JSON texts of the same value are spelled apart: `spacing`
 * (whitespace between tokens, only when `spacing` is allowed here), `escaping` (strings that read
 * the same) and `float-spelling` (numbers that read as the same float). Undefined when another
 * difference remains. Called only once the two values are known to be the same.
 */
export const textSpellingRules = (left: string, right: string, options: { readonly spacing: boolean }): RuleName[] | undefined => {
  const a = tokens(left);
  const b = tokens(right);
  const rules = new Set<RuleName>();
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = a[i];
    const y = b[j];
    if (x !== undefined && isSpace(x)) {
      if (y !== undefined && isSpace(y) && x === y) j++;
      else rules.add('spacing');
      i++;
      continue;
    }
    if (y !== undefined && isSpace(y)) {
      rules.add('spacing');
      j++;
      continue;
    }
    if (x === undefined || y === undefined) return undefined;
    i++;
    j++;
    if (x === y) continue;
    if (x.startsWith('"') && y.startsWith('"') && (JSON.parse(x) as string) === (JSON.parse(y) as string)) rules.add('escaping');
    else if (isNumber(x) && isNumber(y) && /[.eE]/.test(x) && /[.eE]/.test(y) && Object.is(Number(x), Number(y))) rules.add('float-spelling');
    else return undefined;
  }
  if (rules.has('spacing') && !options.spacing) return undefined;
  return [...rules];
};
