/**
 * A command line split into words as execa's `parseCommandString` splits it: on runs of spaces,
 * a word that ends in a backslash joined to the next with one space (so `a\ b` is one word), and
 * no words for a blank line. Written here, with a test against execa's own, because importing
 * execa costs the suite's start-up more than any participant's command takes to split.
 */
export const splitCommand = (line: string): string[] => {
  const trimmed = line.trim();
  if (trimmed === '') return [];
  const words: string[] = [];
  for (const token of trimmed.split(/ +/)) {
    const last = words.at(-1);
    if (last !== undefined && last.endsWith('\\')) words[words.length - 1] = `${last.slice(0, -1)} ${token}`;
    else words.push(token);
  }
  return words;
};
