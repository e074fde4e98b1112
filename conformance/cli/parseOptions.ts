import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './command.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** What `parseOptions` gives: `util.parseArgs`'s own result type for these options. */
export type ParsedOptions<T extends Options> = ReturnType<typeof parseArgs<{ args: string[]; options: T; allowPositionals: boolean; strict: true }>>;

/** `util.parseArgs` (strict) with its errors turned into UsageError (exit 2). */
export const parseOptions = <T extends Options>(argv: readonly string[], options: T, allowPositionals = false): ParsedOptions<T> => {
  try {
    return parseArgs({ args: [...argv], options, allowPositionals, strict: true });
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
