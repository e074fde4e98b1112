import { UsageError } from './command.js';

const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 } as const;

/**
 * A duration option (`--deadline 90s`, `5m`, `1500ms`, `1.5h`) in whole milliseconds: a number
 * and one unit, ms, s, m or h. A bare number is refused rather than guessed at.
 */
export const readDuration = (name: string, value: string | undefined): number | undefined => {
  if (value === undefined) return undefined;
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(value.trim());
  const ms = match === null ? NaN : Math.round(Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS]);
  if (!(ms > 0)) throw new UsageError(`--${name} takes a duration above 0 with its unit, such as 90s, 5m or 1500ms, not ${JSON.stringify(value)}`);
  return ms;
};
