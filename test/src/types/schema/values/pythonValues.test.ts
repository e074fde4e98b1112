import { describe, expect, it } from 'vitest';
import { PyFloat } from '../../../../../src/json/pyJson.js';
import { pyDecimalString } from '../../../../../src/types/schema/values/pyDecimal.js';
import { dumpTemporalDefault, type TemporalKind } from '../../../../../src/types/validate/dumpDefault.js';
import { formatPyUuid } from '../../../../../src/types/schema/values/pyUuid.js';
import { runPython, seededRandom } from '../../../../helpers/python.js';

/** What the declaration's schema and dumps show for a temporal default's text, or null where it cannot be made. */
const shown = (kind: TemporalKind, text: string): string | null => {
  try {
    return dumpTemporalDefault(kind, text);
  } catch {
    return null;
  }
};

// pydantic's own reading and JSON dump of each text, or None where it refuses it.
const PYDANTIC_DUMPS =
  'import datetime\nfrom pydantic import TypeAdapter, ValidationError\n'
  + 'def dump(t, kind):\n    try: return TypeAdapter(kind).dump_python(TypeAdapter(kind).validate_python(t), mode="json")\n    except ValidationError: return None\n';

const random = seededRandom(3);
const int = (n: number): number => Math.floor(random() * n);
const digits = (n: number): string => Array.from({ length: n }, () => String(int(10))).join('');
const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

describe('types/schema/values: Python text of Decimal, timedelta, datetime and UUID', () => {
  it('writes Decimals as str(Decimal(text)) does', () => {
    const texts = [
      '1.50', '1e3', '1E+3', '0.0000001', '-0', '0.00', '100', '+7', '.5', '5.', '1_000.5', '-1.5e-10', '123456789012345678901234567890.5',
      '0e5', '0E-7', 'NaN', '-Infinity', 'inf', 'snan12', ...Array.from({ length: 400 }, () => `${['', '-', '+'][int(3)]}${digits(int(6))}${random() < 0.6 ? `.${digits(int(8))}` : ''}${random() < 0.4 ? `e${['', '-', '+'][int(3)]}${int(30)}` : ''}`),
    ].filter((t) => /\d|n|N/.test(t));
    const python = runPython<(string | null)[]>(
      'import decimal\nout = []\nfor t in inputs:\n    try: out.append(str(decimal.Decimal(t)))\n    except Exception: out.append(None)\nprint(json.dumps(out))',
      texts,
    );
    expect(texts.map((t) => pyDecimalString(t) ?? null)).toEqual(python);
  });

  it('writes a Decimal made from an int or a float as Python does (the float exactly)', () => {
    expect(pyDecimalString(2)).toBe('2');
    expect(pyDecimalString(new PyFloat(2))).toBe('2');
    expect(pyDecimalString(new PyFloat(-0))).toBe('-0');
    expect(pyDecimalString(0.1)).toBe('0.1000000000000000055511151231257827021181583404541015625');
    expect(pyDecimalString(123456789012345678901234567890n)).toBe('123456789012345678901234567890');
  });

  it('writes timedeltas as pydantic does: years of 365 days, no months, trimmed fractions', () => {
    const parts = Array.from({ length: 400 }, () => [random() < 0.3 ? -1 : 1, int(900), int(24), int(60), int(60), random() < 0.5 ? 0 : int(1_000_000)] as const);
    const texts = parts.map(([sign, d, h, m, s, us]) => `${sign < 0 ? '-' : ''}P${d}DT${h}H${m}M${s}.${pad(us, 6)}S`);
    const python = runPython<string[]>(
      'import datetime\nfrom pydantic_core import to_jsonable_python\nprint(json.dumps([to_jsonable_python(sign * datetime.timedelta(days=d, hours=h, minutes=m, seconds=s, microseconds=us)) for sign, d, h, m, s, us in inputs]))',
      parts,
    );
    expect(texts.map((t) => shown('timedelta', t))).toEqual(python);
    const forms = ['PT1H30S', 'P400DT3M', '-PT1.5S', 'PT0S', 'P1W', '1 day, 2:00:00', '12:30', 'not a duration'];
    expect(forms.map((t) => shown('timedelta', t))).toEqual(
      runPython<(string | null)[]>(`${PYDANTIC_DUMPS}print(json.dumps([dump(t, datetime.timedelta) for t in inputs]))`, forms),
    );
    expect(forms.map((t) => shown('timedelta', t))).toEqual(['PT1H30S', 'P1Y35DT3M', '-PT1.5S', 'PT0S', 'P7D', 'P1DT2H', 'PT12H30M', null]);
  });

  it('writes datetimes, dates and times as pydantic does, a zero offset as Z', () => {
    const offsets = ['', 'Z', '+00:00', '-00:00', '+05:30', '-11:00', '+01:00:30'];
    const times = Array.from({ length: 300 }, () => {
      const seconds = random() < 0.3 ? '' : `:${pad(int(60))}${random() < 0.5 ? `.${digits(1 + int(6))}` : ''}`;
      return `${pad(int(24))}:${pad(int(60))}${seconds}${offsets[int(offsets.length)]}`;
    });
    const datetimes = times.map((t) => `${2000 + int(30)}-${pad(1 + int(12))}-${pad(1 + int(28))}T${t}`);
    const python = runPython<[(string | null)[], (string | null)[]]>(
      `${PYDANTIC_DUMPS}times, datetimes = inputs\n`
        + 'print(json.dumps([[dump(t, datetime.time) for t in times], [dump(t, datetime.datetime) for t in datetimes]]))',
      [times, datetimes],
    );
    expect(times.map((t) => shown('time', t))).toEqual(python[0]);
    expect(datetimes.map((t) => shown('datetime', t))).toEqual(python[1]);
    expect(shown('date', '2024-02-29')).toBe('2024-02-29');
    expect(shown('datetime', '2024-02-29')).toBe('2024-02-29T00:00:00');
    expect(shown('datetime', '2024-02-29X10:00')).toBeNull();
  });

  it('writes UUIDs in lower case with hyphens, whatever form they come in', () => {
    expect(formatPyUuid('12345678-ABCD-5678-1234-567812345678')).toBe('12345678-abcd-5678-1234-567812345678');
    expect(formatPyUuid('{12345678ABCD56781234567812345678}')).toBe('12345678-abcd-5678-1234-567812345678');
    expect(formatPyUuid('urn:uuid:12345678-abcd-5678-1234-567812345678')).toBe('12345678-abcd-5678-1234-567812345678');
    expect(formatPyUuid('1234')).toBeUndefined();
  });
});
