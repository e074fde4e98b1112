const WHITESPACE = new Set([' ', '\t', '\n', '\r']);

/**
 * Where the top-level `"result"` value of a response line that is already known to be valid
 * JSON starts and ends (`line.slice(start, end)`), or undefined when it has none. The last one
 * counts, as for a JSON reader. No recursion: nesting is only counted.
 */
export const resultSpan = (line: string): readonly [number, number] | undefined => {
  let depth = 0;
  let found: readonly [number, number] | undefined;
  let valueStart = -1;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (ch === '"') {
      const start = i;
      for (i++; i < line.length && line[i] !== '"'; i++) if (line[i] === '\\') i++;
      if (depth !== 1 || valueStart >= 0) continue;
      // A string at depth 1 followed by a colon is a top-level key.
      let j = i + 1;
      while (WHITESPACE.has(line[j] ?? '')) j++;
      if (line[j] !== ':') continue;
      const isResult = line.slice(start, i + 1) === '"result"' || JSON.parse(line.slice(start, i + 1)) === 'result';
      i = j;
      if (isResult) {
        valueStart = j + 1;
        while (WHITESPACE.has(line[valueStart] ?? '')) valueStart++;
      }
      continue;
    }
    if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') depth--;
    if (valueStart < 0 || depth > 1) continue;
    if (ch === ',' || depth === 0) {
      // A scalar value ends before the delimiter that follows it.
      let end = i;
      while (end > valueStart && WHITESPACE.has(line[end - 1]!)) end--;
      found = [valueStart, end];
      valueStart = -1;
    } else if (ch === '}' || ch === ']') {
      // A container value ends with its own closing bracket, back at depth 1.
      found = [valueStart, i + 1];
      valueStart = -1;
    }
  }
  return found;
};

/**
 * The raw text of the top-level `"result"` value of a response line that is already known to be
 * valid JSON, exactly as the participant wrote it: byte differences between participants (`1.0`
 * vs `1`, escaping) stay visible even where the parsed values agree.
 */
export const extractResultText = (line: string): string | undefined => {
  const span = resultSpan(line);
  return span === undefined ? undefined : line.slice(span[0], span[1]);
};
