/**
 * The string forms of the defaults that JSON cannot carry as themselves. Each form is a strict
 * subset of what Python's own parser accepts (`datetime.fromisoformat`, `uuid.UUID`,
 * `decimal.Decimal`), checked the same way in both languages so that they accept the same text.
 */
export type FormKind = 'datetime' | 'date' | 'time' | 'timedelta' | 'uuid' | 'decimal';

const DATE = '([0-9]{4})-([0-9]{2})-([0-9]{2})';
const TIME = '([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\\.[0-9]{1,6})?)?(Z|[+-]([0-9]{2}):([0-9]{2}))?';
const DATE_RE = new RegExp(`^${DATE}$`);
const TIME_RE = new RegExp(`^${TIME}$`);
const DATETIME_RE = new RegExp(`^${DATE}T${TIME}$`);
const DURATION_RE = /^(-)?P(?!$)(?:([0-9]+)D)?(?:T(?=[0-9])(?:([0-9]+)H)?(?:([0-9]+)M)?(?:([0-9]+)(?:\.([0-9]{1,6}))?S)?)?$/;
const UUID_RE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const DECIMAL_RE = /^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const isLeap = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

const validDate = (year: string, month: string, day: string): boolean => {
  const [y, m, d] = [Number(year), Number(month), Number(day)];
  if (y < 1 || m < 1 || m > 12 || d < 1) return false;
  return d <= (m === 2 && isLeap(y) ? 29 : DAYS_IN_MONTH[m - 1]!);
};

// Groups: hour, minute, second?, zone?, zone hour?, zone minute?
const validTime = (groups: readonly (string | undefined)[]): boolean => {
  const [hour, minute, second, , zoneHour, zoneMinute] = groups;
  if (Number(hour) > 23 || Number(minute) > 59) return false;
  if (second !== undefined && Number(second) > 59) return false;
  return zoneHour === undefined || (Number(zoneHour) <= 23 && Number(zoneMinute) <= 59);
};

const MICROS_PER_DAY = 86_400_000_000n;
const MAX_DAYS = 999_999_999n;

/** The duration in microseconds, or undefined if the text is not one `timedelta` can hold. */
export const durationMicros = (text: string): bigint | undefined => {
  const match = DURATION_RE.exec(text);
  if (!match) return undefined;
  const [, minus, days = '0', hours = '0', minutes = '0', seconds = '0', fraction = ''] = match;
  const micros =
    ((BigInt(days) * 24n + BigInt(hours)) * 60n + BigInt(minutes)) * 60_000_000n +
    BigInt(seconds) * 1_000_000n +
    BigInt(fraction.padEnd(6, '0') || '0');
  const signed = minus ? -micros : micros;
  // timedelta.min is -999999999 days; timedelta.max is 999999999 days 23:59:59.999999.
  if (signed < -MAX_DAYS * MICROS_PER_DAY || signed >= (MAX_DAYS + 1n) * MICROS_PER_DAY) return undefined;
  return signed;
};

const FORMS: Readonly<Record<FormKind, { readonly description: string; readonly accepts: (text: string) => boolean }>> = {
  datetime: {
    description: 'an ISO 8601 date-time YYYY-MM-DDTHH:MM[:SS[.ffffff]][Z|+HH:MM|-HH:MM]',
    accepts: (text) => {
      const match = DATETIME_RE.exec(text);
      return match !== null && validDate(match[1]!, match[2]!, match[3]!) && validTime(match.slice(4));
    },
  },
  date: {
    description: 'an ISO 8601 date YYYY-MM-DD',
    accepts: (text) => {
      const match = DATE_RE.exec(text);
      return match !== null && validDate(match[1]!, match[2]!, match[3]!);
    },
  },
  time: {
    description: 'an ISO 8601 time HH:MM[:SS[.ffffff]][Z|+HH:MM|-HH:MM]',
    accepts: (text) => {
      const match = TIME_RE.exec(text);
      return match !== null && validTime(match.slice(1));
    },
  },
  timedelta: {
    description: 'an ISO 8601 duration [-]P[nD][T[nH][nM][n[.ffffff]S]]',
    accepts: (text) => durationMicros(text) !== undefined,
  },
  uuid: {
    description: 'a UUID xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx',
    accepts: (text) => UUID_RE.test(text),
  },
  decimal: {
    description: 'a decimal number [+|-]digits[.digits][e[+|-]digits]',
    accepts: (text) => DECIMAL_RE.test(text),
  },
};

export const formDescription = (kind: FormKind): string => FORMS[kind].description;

export const acceptsForm = (kind: FormKind, text: string): boolean => FORMS[kind].accepts(text);
