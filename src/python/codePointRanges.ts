/** Sets of code points written as hexadecimal ranges (`41-5a,61-7a,aa`), as `pyCaseData.ts` holds them. */
export const parseRanges = (text: string): Uint32Array => {
  const bounds = text.split(',').flatMap((part) => {
    const [start = '', end = start] = part.split('-');
    return [parseInt(start, 16), parseInt(end, 16)];
  });
  return Uint32Array.from(bounds);
};

/** Whether a code point lies in one of the (sorted) ranges. */
export const inRanges = (ranges: Uint32Array, cp: number): boolean => {
  let lo = 0;
  let hi = ranges.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cp < ranges[2 * mid]!) hi = mid - 1;
    else if (cp > ranges[2 * mid + 1]!) lo = mid + 1;
    else return true;
  }
  return false;
};
