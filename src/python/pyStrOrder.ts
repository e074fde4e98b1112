/**
 * Python's ordering of two `str` values (`sorted`, `sort_keys`): by code point, where JavaScript's
 * `<` compares UTF-16 units and so puts an astral character before U+E000..U+FFFF.
 */
export const pyStrOrder = (a: string, b: string): number => {
  const [x, y] = [[...a], [...b]];
  for (let i = 0; i < Math.min(x.length, y.length); i += 1) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
};
