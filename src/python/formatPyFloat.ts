/**
 * Python's `repr(float)`: the shortest digits that round-trip (the same digits JavaScript picks),
 * laid out with Python's rules: scientific notation when the decimal point falls more than 16
 * places left or 4 places right of the digits, a two-digit exponent at least, and `.0` on whole
 * values in positional form.
 */
export const formatPyFloat = (value: number): string => {
  if (Number.isNaN(value)) return 'nan';
  if (value === Infinity) return 'inf';
  if (value === -Infinity) return '-inf';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const sign = value < 0 ? '-' : '';
  const [mantissa = '', exponentText = '0'] = Math.abs(value).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  // Python's decpt: the value is 0.<digits> x 10^decpt.
  const decpt = Number(exponentText) + 1;
  if (decpt <= -4 || decpt > 16) {
    const exponent = decpt - 1;
    const body = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const expSign = exponent < 0 ? '-' : '+';
    return `${sign}${body}e${expSign}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  if (decpt <= 0) return `${sign}0.${'0'.repeat(-decpt)}${digits}`;
  if (decpt < digits.length) return `${sign}${digits.slice(0, decpt)}.${digits.slice(decpt)}`;
  return `${sign}${digits}${'0'.repeat(decpt - digits.length)}.0`;
};
