import { describe, expect, it } from 'vitest';
import { pyTitle, titleFromName } from '../../../src/python/pyTitle.js';
import { runPython, seededRandom } from '../../helpers/python.js';

// Hand-picked strings: the reference's examples, digits, underscores, and the Unicode corners of
// str.title (digraphs, ligatures, sharp s, final sigma, Georgian, combining marks, astral letters).
const PICKED = [
  'lines', 'first_name', 'camelCase', 'ID', 'http_url2x', 'a__b', 'trailing_', '_leading', 'unicode_éclair',
  'firstName', 'class', 'x1y2z3', '2fast', "o'neil", 'hello world', 'ǆemal', 'ǅ_x', 'ǈubljana', 'ﬁle_ﬂow', 'straße',
  'ŉ', 'ΣΑΣ', 'όσος', 'ΌΣΟΣ_ΣΑ', 'Σ', 'aΣ', 'aΣb', "a'Σ", 'a\u0345Σ', 'ᾳ_ῳ', 'ⓐⓑ', 'Ⅻ_ⅻ', 'ǰ', 'İstanbul', 'ΐ',
  'ა_ბ', 'Ꭰ_ꭰ', '𐐨𐑍_𐐀', '𝒜bc', 'µ_ÿ', 'ǲ', '\u1e9e', '\u01c4', 'e\u0301cole', '  spaced  ', '\u00a0nbsp\u3000',
  '\u001fx\u0085', '\ufeffbom', '', '_', '__', 'A_B_C', 'aBC_dEF', 'x-y.z', '日本語_name', 'ǈ1ǉ',
];

const randomStrings = (count: number): string[] => {
  const random = seededRandom(7);
  const pools = [
    [0x41, 0x7a], [0x30, 0x39], [0x5f, 0x5f], [0xc0, 0x24f], [0x370, 0x3ff], [0x400, 0x4ff], [0x10a0, 0x10ff],
    [0x1e00, 0x1fff], [0x2160, 0x2188], [0x24b6, 0x24e9], [0xfb00, 0xfb17], [0x10400, 0x1044f], [0x1d400, 0x1d4ff], [0x300, 0x36f],
  ] as const;
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + Math.floor(random() * 8) }, () => {
      const [lo, hi] = pools[Math.floor(random() * pools.length)]!;
      return String.fromCodePoint(lo + Math.floor(random() * (hi - lo + 1)));
    }).join(''),
  );
};

describe('python/pyTitle', () => {
  it('titles the reference examples as the rules document lists them', () => {
    expect(['lines', 'first_name', 'camelCase', 'ID', 'http_url2x', 'a__b', 'trailing_', 'unicode_éclair', 'firstName', 'class'].map(titleFromName)).toEqual([
      'Lines', 'First Name', 'Camelcase', 'Id', 'Http Url2X', 'A  B', 'Trailing', 'Unicode Éclair', 'Firstname', 'Class',
    ]);
  });

  it('agrees with Python str.title and pydantic get_title_from_name on picked and random strings', () => {
    const inputs = [...PICKED, ...randomStrings(2000)];
    const python = runPython<[string, string][]>(
      `print(json.dumps([[s.title(), s.title().replace('_', ' ').strip()] for s in inputs]))`,
      inputs,
    );
    const mismatches = inputs.flatMap((s, i) => {
      const [title, fromName] = python[i]!;
      return pyTitle(s) === title && titleFromName(s) === fromName ? [] : [{ s, python: python[i], ts: [pyTitle(s), titleFromName(s)] }];
    });
    expect(mismatches).toEqual([]);
  });
});
