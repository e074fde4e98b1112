import { PyFloat } from '../../../json/pyJson.js';

const MICROS_PER_SECOND = 1_000_000n;
const MICROS_PER_DAY = 86_400n * MICROS_PER_SECOND;

// pydantic (speedate) reads a year as 365 days and a month as 30.
const UNIT_MICROS: Readonly<Record<string, number>> = {
  Y: 365 * 86_400e6,
  M: 30 * 86_400e6,
  W: 7 * 86_400e6,
  D: 86_400e6,
  H: 3_600e6,
  m: 60e6,
  S: 1e6,
};

const ISO_DURATION = /^([-+])?P(?:(\d+(?:[.,]\d+)?)Y)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)W)?(?:(\d+(?:[.,]\d+)?)D)?(?:T(?:(\d+(?:[.,]\d+)?)H)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)S)?)?$/i;
const CLOCK = /^([-+])?(?:(\d+) days?,?\s*)?(?:(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?$/;

const toMicros = (amount: string | undefined, unit: string): number =>
  amount === undefined ? 0 : Number(amount.replace(',', '.')) * UNIT_MICROS[unit]!;

// The duration in microseconds, or undefined when it is not a duration pydantic reads.
const parseDuration = (text: string): bigint | undefined => {
  const trimmed = text.trim();
  const iso = ISO_DURATION.exec(trimmed);
  if (iso && trimmed.length > 1 && !/T$/i.test(trimmed)) {
    const [, sign, y, mo, w, d, h, mi, s] = iso;
    const total = toMicros(y, 'Y') + toMicros(mo, 'M') + toMicros(w, 'W') + toMicros(d, 'D') + toMicros(h, 'H') + toMicros(mi, 'm') + toMicros(s, 'S');
    const micros = BigInt(Math.round(total));
    return sign === '-' ? -micros : micros;
  }
  const clock = CLOCK.exec(trimmed);
  if (clock && (clock[2] !== undefined || clock[3] !== undefined)) {
    const [, sign, days = '0', hours = '0', minutes = '0', seconds = '0', fraction = ''] = clock;
    const micros =
      BigInt(days) * MICROS_PER_DAY +
      (BigInt(hours) * 3600n + BigInt(minutes) * 60n + BigInt(seconds)) * MICROS_PER_SECOND +
      BigInt(fraction.padEnd(6, '0') || '0');
    return sign === '-' ? -micros : micros;
  }
  if (/^[-+]?\d+(\.\d+)?$/.test(trimmed)) return BigInt(Math.round(Number(trimmed) * 1e6));
  return undefined;
};

/**
 * A duration of `micros` microseconds as pydantic writes a `timedelta`: an ISO 8601 duration of
 * its magnitude with years of 365 days, no months, and seconds with at most six fraction digits
 * (`PT1H30S`, `P1Y35DT3M`, `-PT1.5S`, `PT0S`).
 */
export const durationText = (micros: bigint): string => {
  const sign = micros < 0n ? '-' : '';
  const magnitude = micros < 0n ? -micros : micros;
  const days = magnitude / MICROS_PER_DAY;
  const seconds = (magnitude % MICROS_PER_DAY) / MICROS_PER_SECOND;
  const micro = magnitude % MICROS_PER_SECOND;
  let out = `${sign}P`;
  if (days > 0n) {
    const years = days / 365n;
    if (years > 0n) out += `${years}Y`;
    if (days % 365n > 0n) out += `${days % 365n}D`;
  }
  if (seconds > 0n || micro > 0n) {
    out += 'T';
    if (seconds / 3600n > 0n) out += `${seconds / 3600n}H`;
    if ((seconds % 3600n) / 60n > 0n) out += `${(seconds % 3600n) / 60n}M`;
    const s = seconds % 60n;
    if (micro > 0n) out += `${s}.${micro.toString().padStart(6, '0').replace(/0+$/, '')}S`;
    else if (s > 0n) out += `${s}S`;
  }
  if (days === 0n && seconds === 0n && micro === 0n) out += 'T0S';
  return out;
};

/**
 * A `timedelta` as pydantic writes it (`durationText`) from an ISO 8601 duration,
 * `[D day[s], ]HH:MM[:SS[.ffffff]]` or a number of seconds; undefined for anything else.
 */
export const formatPyDuration = (value: string | number | bigint | PyFloat): string | undefined => {
  let micros: bigint | undefined;
  if (typeof value === 'string') micros = parseDuration(value);
  else if (typeof value === 'bigint') micros = value * MICROS_PER_SECOND;
  else micros = BigInt(Math.round((value instanceof PyFloat ? value.value : value) * 1e6));
  return micros === undefined ? undefined : durationText(micros);
};
