import { UsageError } from './command.js';

/**
 * Runs an argument parser (`util.parseArgs`, strict) and turns what it throws into a UsageError
 * (exit 2). The parser is called at the command, so that its result keeps its precise type.
 */
export const withUsageErrors = <T>(parse: () => T): T => {
  try {
    return parse();
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
};

/** A whole positive number of milliseconds from an option. */
export const readMilliseconds = (name: string, value: string | undefined): number | undefined => {
  if (value === undefined) return undefined;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms <= 0) throw new UsageError(`--${name} takes a whole number of milliseconds above 0, not ${JSON.stringify(value)}`);
  return ms;
};
