import { PyFloat } from '../../../json/pyJson.js';

/** A `decimal.Decimal`: a sign, a coefficient (decimal digits) and an exponent, or a special value. */
type PyDecimal =
  | { readonly kind: 'finite'; readonly negative: boolean; readonly digits: string; readonly exponent: number }
  | { readonly kind: 'infinity'; readonly negative: boolean }
  | { readonly kind: 'nan'; readonly negative: boolean; readonly signaling: boolean; readonly payload: string };

const NUMERIC = /^([-+])?(?=\d|\.\d)(\d*)(?:\.(\d*))?(?:e([-+]?\d+))?$/i;
const INFINITY = /^([-+])?inf(?:inity)?$/i;
const NAN = /^([-+])?(s)?nan(\d*)$/i;

const stripZeros = (digits: string): string => digits.replace(/^0+(?=\d)/, '');

/** `Decimal(text)`, or undefined when Python would raise `InvalidOperation`. */
const parseDecimalText = (text: string): PyDecimal | undefined => {
  const compact = text.trim().replaceAll('_', '');
  const numeric = NUMERIC.exec(compact);
  if (numeric) {
    const [, sign, whole = '', fraction = '', exponent = '0'] = numeric;
    return {
      kind: 'finite',
      negative: sign === '-',
      digits: stripZeros(whole + fraction) || '0',
      exponent: Number(exponent) - fraction.length,
    };
  }
  const infinity = INFINITY.exec(compact);
  if (infinity) return { kind: 'infinity', negative: infinity[1] === '-' };
  const nan = NAN.exec(compact);
  if (nan) return { kind: 'nan', negative: nan[1] === '-', signaling: nan[2] !== undefined, payload: (nan[3] ?? '').replace(/^0+/, '') };
  return undefined;
};

// Decimal(float) is the exact binary value: n/2^k written as (n*5^k) * 10^-k.
const decimalFromFloat = (value: number): PyDecimal => {
  if (Number.isNaN(value)) return { kind: 'nan', negative: false, signaling: false, payload: '' };
  if (!Number.isFinite(value)) return { kind: 'infinity', negative: value < 0 };
  const negative = value < 0 || Object.is(value, -0);
  let magnitude = Math.abs(value);
  let k = 0;
  while (!Number.isInteger(magnitude)) {
    magnitude *= 2;
    k++;
  }
  const digits = (BigInt(magnitude) * 5n ** BigInt(k)).toString();
  return { kind: 'finite', negative, digits, exponent: -k };
};

// Python's Decimal.__str__ (to-scientific-string).
const formatDecimal = (d: PyDecimal): string => {
  const sign = d.negative ? '-' : '';
  if (d.kind === 'infinity') return `${sign}Infinity`;
  if (d.kind === 'nan') return `${sign}${d.signaling ? 'sNaN' : 'NaN'}${d.payload}`;
  const { digits, exponent } = d;
  const leftDigits = exponent + digits.length;
  const dotPlace = exponent <= 0 && leftDigits > -6 ? leftDigits : 1;
  let body: string;
  if (dotPlace <= 0) body = `0.${'0'.repeat(-dotPlace)}${digits}`;
  else if (dotPlace >= digits.length) body = digits + '0'.repeat(dotPlace - digits.length);
  else body = `${digits.slice(0, dotPlace)}.${digits.slice(dotPlace)}`;
  const shift = leftDigits - dotPlace;
  return `${sign}${body}${shift === 0 ? '' : `E${shift > 0 ? '+' : '-'}${Math.abs(shift)}`}`;
};

/**
 * `str(Decimal(value))` for a value given as text, an int or a float: what pydantic writes for a
 * Decimal. Undefined when Python's Decimal refuses the text.
 */
export const pyDecimalString = (value: string | number | bigint | PyFloat): string | undefined => {
  if (typeof value === 'string') {
    const parsed = parseDecimalText(value);
    return parsed && formatDecimal(parsed);
  }
  if (typeof value === 'bigint' || (typeof value === 'number' && Number.isInteger(value) && !Object.is(value, -0))) {
    return value.toString();
  }
  return formatDecimal(decimalFromFloat(value instanceof PyFloat ? value.value : value));
};
