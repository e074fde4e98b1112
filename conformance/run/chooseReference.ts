/** The participant a run compares every other with, unless `--reference` names another. */
export const DEFAULT_REFERENCE = 'python';

/**
 * Which participant of a run is the reference. A `--reference` that names no participant of the
 * run is bad input, never a run without a reference: a typo would otherwise leave every case
 * without an `expect` unchecked. Without `--reference`, the reference is `python` when it runs, the
 * one participant of a run of one, and otherwise bad input too, since which of several others
 * the rest should be compared with is the user's to say.
 */
export const chooseReference = (given: string | undefined, names: readonly string[]): { name: string } | { problem: string } => {
  const listed = names.map((n) => JSON.stringify(n)).join(', ');
  if (given !== undefined) {
    if (names.includes(given)) return { name: given };
    return { problem: `--reference ${JSON.stringify(given)} names no participant of this run; the participants are ${listed}` };
  }
  if (names.includes(DEFAULT_REFERENCE)) return { name: DEFAULT_REFERENCE };
  if (names.length === 1) return { name: names[0]! };
  return { problem: `no participant is named ${JSON.stringify(DEFAULT_REFERENCE)}, the default reference: say which one the others are compared with, with --reference NAME (the participants are ${listed})` };
};
