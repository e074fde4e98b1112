import fc from 'fast-check';
import { PyFloat, type PyJson } from '../../../src/json/pyJson.js';

/**
 * Values for `timedelta` fields that reach pydantic's lax rules: ISO 8601 durations (units in and
 * out of order, fractions, `T` repeated, lower case, 32-bit overflow), day counts (`d`, `day`,
 * `DAYS`, commas, spaces) with clocks, clocks of many hours, texts and numbers at the
 * 999,999,999-day limit and past `timedelta.min`, as ints, floats and bytes.
 */

const MAX_SECONDS = 999_999_999 * 86_400;

const amount = fc.oneof(
  { weight: 4, arbitrary: fc.nat(99).map(String) },
  { weight: 1, arbitrary: fc.constantFrom('0', '', '4294967295', '999999999', '1193046', '2739726') },
  { weight: 1, arbitrary: fc.nat().map(String) },
);
const quantity = fc
  .tuple(amount, fc.constantFrom('', '', '', '.5', ',25', '.', '.0000005', '.123456789'))
  .map(([whole, fraction]) => whole + fraction);
const units = (letters: string): fc.Arbitrary<string> =>
  fc.uniqueArray(fc.constantFrom(...letters), { maxLength: letters.length }).chain((picked) => fc.tuple(...picked.map((unit) => quantity.map((q) => q + unit)))).map((parts) => parts.join(''));

const isoText = fc
  .tuple(fc.constantFrom('', '', '-', '+', '--', 'p'), units('YMWD'), fc.option(fc.tuple(fc.constantFrom('T', 'T', 't', 'TT'), units('HMS')), { nil: undefined }), fc.constantFrom('', '', '', 'X', ' ', '1'))
  .map(([sign, date, time, tail]) => `${sign}P${date}${time === undefined ? '' : time.join('')}${tail}`);

const clockText = fc
  .tuple(
    fc.oneof(fc.constantFrom('00', '01', '23', '24', '99', '1', '', '2400000000', '2400000001', '99999999999', 'x1'), fc.nat().map(String)),
    fc.constantFrom('00', '59', '60', '5', 'xx', '07'),
    fc.constantFrom('', ':00', ':59', ':60', ':5', ':07'),
    fc.constantFrom('', '', '.', '.5', ',25', '.123456789', '.1234567x'),
    fc.constantFrom('', '', '', 'Z', ' ', 'x'),
  )
  .map(([hours, minute, second, fraction, tail]) => `${hours}:${minute}${second}${second === '' ? '' : fraction}${tail}`);

const daysText = fc
  .tuple(
    fc.constantFrom('', '', '-', '+'),
    fc.oneof(fc.nat(40).map(String), fc.constantFrom('999999999', '1000000000', '4294967296', 'x', '')),
    fc.constantFrom('d', 'D', 'day', 'days', 'Day', 'DAYS', 'dAy', ' day', ' days', ' d', '  day', 'da', 'dayS'),
    fc.constantFrom('', ',', ', ', ' ', ',  '),
    fc.option(clockText, { nil: '' }),
  )
  .map((parts) => parts.join(''));

const text = fc.oneof(
  { weight: 3, arbitrary: isoText },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom('', '', '-', '+'), clockText).map(([sign, clock]) => sign + clock) },
  { weight: 2, arbitrary: daysText },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', '-', '1', '1.5', 'inf', '-P999999999DT1S', 'P999999999DT23H59M59.999999S', '-999999999 days, 00:00:01', 'é') },
);

// Floats JSON cannot write, in the value encoding.
const special = (name: string): PyJson => new Map([['$float', name]]);

const seconds = fc.oneof(
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.integer({ min: -2 * MAX_SECONDS, max: 2 * MAX_SECONDS }),
  fc.constantFrom<PyJson>(MAX_SECONDS, MAX_SECONDS + 86_399, MAX_SECONDS + 86_400, -MAX_SECONDS, -MAX_SECONDS - 1, 2n ** 63n - 1n, 2n ** 63n, -(2n ** 63n), 2n ** 64n),
  fc.double({ min: -1e14, max: 1e14, noNaN: true }),
  fc.double({ min: -2, max: 2, noNaN: true }),
  fc.integer({ min: -1_000_000, max: 1_000_000 }).map((n) => n + 0.5),
  fc.constantFrom<PyJson>(new PyFloat(86_400), new PyFloat(-0), special('Infinity'), special('-Infinity'), special('NaN'), 5e-7, 86_399.9999995, -MAX_SECONDS - 0.5, 1e300),
);

/** A value for a timedelta field. */
export const durationFitting: fc.Arbitrary<PyJson> = fc.oneof(
  { weight: 5, arbitrary: text },
  { weight: 3, arbitrary: seconds as fc.Arbitrary<PyJson> },
  { weight: 1, arbitrary: text.map((t) => new Map([['$bytes', Buffer.from(t).toString('base64')]]) as PyJson) },
  { weight: 1, arbitrary: fc.constantFrom<PyJson>(true, false, null, []) },
);
