const MICROS_PER_SECOND = 1_000_000n;
const MICROS_PER_DAY = 86_400n * MICROS_PER_SECOND;

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

