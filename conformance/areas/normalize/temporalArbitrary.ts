import fc from 'fast-check';
import { PyFloat, type PyJson } from '../../../src/json/pyJson.js';

/**
 * Values for `date`, `time` and `datetime` fields that reach pydantic's lax rules: texts assembled
 * from valid and broken parts (leap days, 24:00, leap seconds, long fractions, `T`/`t`/space/`_`,
 * `Z`/`z`/offsets, U+2212), numeric texts, and unix timestamps around the seconds/milliseconds
 * watershed and the limits, as ints, floats and bytes.
 */

const digits = (length: number): fc.Arbitrary<string> => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length });
const part = (fixed: readonly string[], length: number): fc.Arbitrary<string> =>
  fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...fixed) }, { weight: 1, arbitrary: digits(length) });

const dateText = fc
  .tuple(
    part(['2020', '2021', '2000', '1900', '0000', '0001', '9999', '20x0'], 4),
    fc.constantFrom('-', '-', '-', '/'),
    part(['01', '02', '12', '13', '00', '1'], 2),
    part(['01', '28', '29', '30', '31', '32', '00'], 2),
  )
  .map(([y, sep, m, d]) => `${y}${sep}${m}-${d}`);

const timeText = fc
  .tuple(
    part(['00', '03', '12', '23', '24', '3'], 2),
    part(['00', '04', '59', '60'], 2),
    fc.option(part([':00', ':05', ':59', ':60', ':61', ':5'], 0).map((s) => (s.startsWith(':') ? s : `:${s.padStart(2, '0')}`)), { nil: '' }),
    fc.constantFrom('', '', '.5', ',25', '.', '.123456', '.1234567', '.0000005', '.999999999'),
    fc.constantFrom('', '', 'Z', 'z', '+01:00', '-0130', '\u221201:00', '+23:59', '+24:00', '+00:60', '-00:00', '+01', ' ', 'Zx'),
  )
  .map(([h, m, s, fraction, zone]) => `${h}:${m}${s}${s === '' ? '' : fraction}${zone}`);

const numberText = fc.oneof(
  fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }).map(String),
  fc.constantFrom('0', '86400', '-86400', '+86400', '86400.5', '1.5e3', '1e3', '1.', '.5', '-.5', '1_000', ' 1', '20000000001', '253402300800000', '-62167219200000', '9223372036854775808', '18446744073709551616', '1.0e400', 'nan'),
  fc.double({ min: -1e12, max: 1e12, noNaN: true }).map(String),
);

const text = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(dateText, fc.constantFrom('T', 't', ' ', '_', 'x', ''), timeText).map(([d, sep, t]) => `${d}${sep}${t}`) },
  { weight: 2, arbitrary: dateText },
  { weight: 2, arbitrary: timeText },
  { weight: 2, arbitrary: numberText },
);

// Floats JSON cannot write, in the value encoding.
const special = (name: string): PyJson => new Map([['$float', name]]);

const timestamp = fc.oneof(
  fc.integer({ min: -3, max: 3 }).map((days) => days * 86_400),
  fc.integer({ min: -3, max: 3 }).map((days) => days * 86_400_000),
  fc.integer({ min: -100_000, max: 100_000 }),
  fc.constantFrom<PyJson>(20_000_000_000, 20_000_000_001, -20_000_000_001, 253_402_300_799_999, 253_402_300_800_000, -62_167_219_200_000, 2n ** 63n, -(2n ** 64n)),
  fc.double({ min: -1e11, max: 1e11, noNaN: true }),
  fc.double({ min: -2, max: 86_401, noNaN: true }),
  fc.constantFrom<PyJson>(new PyFloat(86_400), special('Infinity'), special('-Infinity'), special('NaN'), 1.5, -1.25, 5e-7, 86_399.9999999, 86_400.5),
);

/** A value for a date, time or datetime field. */
export const temporalFitting: fc.Arbitrary<PyJson> = fc.oneof(
  { weight: 5, arbitrary: text },
  { weight: 3, arbitrary: timestamp as fc.Arbitrary<PyJson> },
  { weight: 1, arbitrary: text.map((t) => new Map([['$bytes', Buffer.from(t).toString('base64')]]) as PyJson) },
  { weight: 1, arbitrary: fc.constantFrom<PyJson>(true, null, []) },
);
