import { CASED_RANGES, CASE_IGNORABLE_RANGES, LOWER_EXCEPTIONS, TITLE_EXCEPTIONS } from './pyCaseData.js';
import { inRanges, parseRanges } from './codePointRanges.js';
import { pyStrip } from './pyText.js';

const parseMapping = (text: string): ReadonlyMap<number, string> =>
  new Map(
    text
      .split(',')
      .filter((entry) => entry !== '')
      .map((entry) => {
        const [cp = '', mapped = ''] = entry.split(':');
        return [parseInt(cp, 16), String.fromCodePoint(...mapped.split(' ').map((h) => parseInt(h, 16)))] as const;
      }),
  );

const CASED = parseRanges(CASED_RANGES);
const CASE_IGNORABLE = parseRanges(CASE_IGNORABLE_RANGES);
const TITLE = parseMapping(TITLE_EXCEPTIONS);
const LOWER = parseMapping(LOWER_EXCEPTIONS);
const CAPITAL_SIGMA = 0x3a3;

const isCased = (cp: number): boolean => inRanges(CASED, cp);
const isCaseIgnorable = (cp: number): boolean => inRanges(CASE_IGNORABLE, cp);

// Python lowers a capital sigma to the final form when a cased letter precedes it and none
// follows it, skipping case-ignorable characters on both sides (CPython `handle_capital_sigma`).
const lowerSigma = (cps: readonly number[], i: number): string => {
  let j = i - 1;
  while (j >= 0 && isCaseIgnorable(cps[j]!)) j--;
  let final = j >= 0 && isCased(cps[j]!);
  if (final) {
    let k = i + 1;
    while (k < cps.length && isCaseIgnorable(cps[k]!)) k++;
    final = k === cps.length || !isCased(cps[k]!);
  }
  return final ? '\u03c2' : '\u03c3';
};

/**
 * Python's `str.title()`: each character is title-cased when the character before it is not
 * cased, and lower-cased when it is, with Python's Unicode tables (so `http_url2x` becomes
 * `Http_Url2X`, `ID` becomes `Id` and `ß` becomes `Ss`).
 */
export const pyTitle = (text: string): string => {
  const cps = Array.from(text, (ch) => ch.codePointAt(0)!);
  let out = '';
  let previousIsCased = false;
  cps.forEach((cp, i) => {
    const ch = String.fromCodePoint(cp);
    if (previousIsCased) out += cp === CAPITAL_SIGMA ? lowerSigma(cps, i) : (LOWER.get(cp) ?? ch.toLowerCase());
    else out += TITLE.get(cp) ?? ch.toUpperCase();
    previousIsCased = isCased(cp);
  });
  return out;
};

/** pydantic's `get_title_from_name`: `name.title().replace('_', ' ').strip()`. */
export const titleFromName = (name: string): string => pyStrip(pyTitle(name).replaceAll('_', ' '));
