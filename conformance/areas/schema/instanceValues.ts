import fc from 'fast-check';
import { PyFloat, type PyJson } from '../../../src/json/pyJson.js';
import { durationFitting } from '../normalize/durationArbitrary.js';
import { temporalFitting } from '../normalize/temporalArbitrary.js';
import { pyObject } from '../../util/pyObject.js';
import { dateText, datetimeText, durationText, timeText } from './valueArbitraries.js';

type Node = Map<string, PyJson>;

const TEMPORAL = new Set(['datetime', 'date', 'time', 'timedelta']);

// 2^32 days of seconds: an int past it has its days wrapped to 32 bits by pydantic-core.
const WRAP_SECONDS = 2 ** 32 * 86_400;

const WELL_FORMED: Readonly<Record<string, fc.Arbitrary<PyJson>>> = {
  datetime: fc.oneof(datetimeText, fc.constantFrom<PyJson>(0, 1_700_000_000, 1_700_000_000_123, -86_400)),
  date: fc.oneof(dateText, fc.constantFrom<PyJson>('2024-03-01T00:00:00', 1_709_251_200, 0)),
  time: fc.oneof(timeText, fc.constantFrom<PyJson>(0, 3661, 86_399)),
  timedelta: fc.oneof(
    durationText,
    fc.constantFrom<PyJson>('1 day, 2:03:04', '-2 days, 23:59:59.5', '3d', '100:00:00', '00:01', 'P1Y2M3W', '+PT1.25S', 90, -86_400, 1.5, -0.0000005, new PyFloat(60)),
    fc.constantFrom<PyJson>(WRAP_SECONDS + 5, -WRAP_SECONDS - 86_400, new PyFloat(WRAP_SECONDS)),
  ),
};

// A declaration holds plain JSON: the encoded bytes and special floats of the normalize fuzzer
// would be dicts here, so they are left out.
const plainOnly = (values: fc.Arbitrary<PyJson>): fc.Arbitrary<PyJson> => values.filter((value) => !(value instanceof Map));
const ANY_VALUE: Readonly<Record<string, fc.Arbitrary<PyJson>>> = {
  datetime: plainOnly(temporalFitting),
  date: plainOnly(temporalFitting),
  time: plainOnly(temporalFitting),
  timedelta: plainOnly(durationFitting),
};

const tag = (type: string, ...rest: (readonly [string, PyJson])[]): Node => pyObject([['type', type], ...rest]);

/** A field type that takes a date, time, datetime or duration: itself, `Optional[X]` or `list[X]`. */
export const temporalFieldType: fc.Arbitrary<Node> = fc
  .tuple(fc.constantFrom('datetime', 'date', 'time', 'timedelta'), fc.constantFrom('plain', 'optional', 'list'))
  .map(([kind, form]) => (form === 'plain' ? tag(kind) : form === 'optional' ? tag('union', ['members', [tag(kind), tag('none')]]) : tag('list', ['items', tag(kind)])));

/** A field type that lax mode converts values into: an int, float or bool, itself or `Optional[X]`. */
export const scalarFieldType: fc.Arbitrary<Node> = fc
  .tuple(fc.constantFrom('int', 'float', 'bool'), fc.boolean())
  .map(([kind, optional]) => (optional ? tag('union', ['members', [tag(kind), tag('none')]]) : tag(kind)));

/**
 * A value for a date, time, datetime or duration: mostly one pydantic reads, now and then any
 * text or number (which it may refuse, or which may overflow past `timedelta.min`).
 */
const temporalValue = (type: string): fc.Arbitrary<PyJson> => fc.oneof({ weight: 3, arbitrary: WELL_FORMED[type]! }, { weight: 1, arbitrary: ANY_VALUE[type]! });

// Values lax mode converts (bools and texts to numbers, whole floats to ints, words to bools),
// and now and then one it refuses: the readers must refuse it alike.
const LAX: Readonly<Record<string, fc.Arbitrary<PyJson>>> = {
  int: fc.constantFrom<PyJson>(true, false, '42', ' -7 ', '1_000', new PyFloat(3), 12, 'x1'),
  float: fc.constantFrom<PyJson>(true, false, '2.5', ' 1e3 ', '-0.5', 7, new PyFloat(0.25), 'one'),
  bool: fc.constantFrom<PyJson>('yes', 'off', 'TRUE', 0, 1, new PyFloat(1), true, 2),
  str: fc.constantFrom<PyJson>('x', '', 'ünï', '42'),
};

/**
 * A value for a field of `type`, when the fuzzer has one for it: a date, time, datetime or
 * duration, an int, float or bool given in a form lax mode converts, a str, a list of those
 * temporal values, or one of a union's (an `Optional[X]`'s X included).
 */
const givenValue = (type: Node): fc.Arbitrary<PyJson> | undefined => {
  const kind = String(type.get('type'));
  if (TEMPORAL.has(kind)) return temporalValue(kind);
  if (kind in LAX) return LAX[kind];
  if (kind === 'list') {
    const items = type.get('items') as Node | undefined;
    const item = items !== undefined && TEMPORAL.has(String(items.get('type'))) ? givenValue(items) : undefined;
    return item === undefined ? undefined : fc.array(item, { maxLength: 2 });
  }
  if (kind !== 'union') return undefined;
  // Only when the fuzzer has a value for every member: a type only Python reads (a url) takes none.
  const members = (type.get('members') as Node[]).filter((member) => member.get('type') !== 'none').map(givenValue);
  return members.every((member) => member !== undefined) ? fc.oneof(...(members as fc.Arbitrary<PyJson>[])) : undefined;
};

/**
 * The value of a model-instance default of `model` (whose fields all have defaults): an object
 * giving some of its fields a value, by their validation keys (dates, times and durations in every form,
 * numbers and bools in the forms lax mode converts); the fields it leaves out take their defaults.
 */
export const instanceValue = (model: Node): fc.Arbitrary<Node> => {
  const given = (model.get('fields') as Node[]).flatMap((field) => {
    const value = givenValue(field.get('type') as Node);
    if (value === undefined) return [];
    const key = String(field.get('validation_alias') ?? field.get('alias') ?? field.get('name'));
    return [fc.option(value.map((v) => [key, v] as const), { freq: 3 })];
  });
  return fc.tuple(...given).map((entries) => pyObject(entries.filter((entry) => entry !== null)));
};
