/**
 * Dates, times and datetimes given as ISO 8601 text, rewritten the way pydantic-core writes them
 * in JSON mode: seconds always present, microseconds as six digits when not zero, a zero UTC
 * offset as `Z` and any other offset as `±HH:MM` (seconds of an offset are dropped).
 */
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2})(?::(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?(z|[+-]\d{2}(?::?\d{2}(?::?\d{2}(?:\.\d+)?)?)?)?$/i;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

const formatOffset = (offset: string | undefined): string => {
  if (offset === undefined) return '';
  if (offset.toUpperCase() === 'Z') return 'Z';
  const digits = offset.slice(1).replaceAll(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2, 4) || '0');
  const seconds = Number(digits.slice(4, 6) || '0');
  if (hours === 0 && minutes === 0 && seconds === 0) return 'Z';
  return `${offset[0]}${pad(hours)}:${pad(minutes)}`;
};

const formatTimeParts = (text: string): string | undefined => {
  const m = TIME.exec(text);
  if (!m) return undefined;
  const [, hh = '', mm = '00', ss = '00', fraction, offset] = m;
  const micro = fraction === undefined ? 0 : Number(fraction.slice(0, 6).padEnd(6, '0'));
  const micros = micro === 0 ? '' : `.${pad(micro, 6)}`;
  return `${hh}:${mm}:${ss}${micros}${formatOffset(offset)}`;
};

/** A `date` as pydantic writes it (`2024-01-31`), or undefined when the text is not a date. */
export const formatPyDate = (text: string): string | undefined => (DATE.test(text.trim()) ? text.trim() : undefined);

/** A `time` as pydantic writes it (`01:02:00`, `01:02:03.000005`, `01:02:03Z`). */
export const formatPyTime = (text: string): string | undefined => formatTimeParts(text.trim());

/** A `datetime` as pydantic writes it (`2024-01-01T00:00:00`, `2024-01-01T01:02:03.000400-05:30`). */
export const formatPyDatetime = (text: string): string | undefined => {
  const trimmed = text.trim();
  const date = trimmed.slice(0, 10);
  if (!DATE.test(date)) return undefined;
  if (trimmed.length === 10) return `${date}T00:00:00`;
  if (!/^[Tt ]$/.test(trimmed[10] ?? '')) return undefined;
  const time = formatTimeParts(trimmed.slice(11));
  return time === undefined ? undefined : `${date}T${time}`;
};
