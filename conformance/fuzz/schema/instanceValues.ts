import fc from 'fast-check';
import type { PyJson } from '../../../src/json/pyJson.js';
import { temporalFitting } from '../../normalize/fuzz/temporalArbitrary.js';
import { pyObject } from '../../util/pyObject.js';
import { dateText, datetimeText, timeText } from './valueArbitraries.js';

type Node = Map<string, PyJson>;

const TEMPORAL = new Set(['datetime', 'date', 'time']);

const WELL_FORMED: Readonly<Record<string, fc.Arbitrary<PyJson>>> = {
  datetime: fc.oneof(datetimeText, fc.constantFrom<PyJson>(0, 1_700_000_000, 1_700_000_000_123, -86_400)),
  date: fc.oneof(dateText, fc.constantFrom<PyJson>('2024-03-01T00:00:00', 1_709_251_200, 0)),
  time: fc.oneof(timeText, fc.constantFrom<PyJson>(0, 3661, 86_399)),
};

// A declaration holds plain JSON: the encoded bytes and special floats of the normalize fuzzer
// would be dicts here, so they are left out.
const plain = temporalFitting.filter((value) => !(value instanceof Map));

const tag = (type: string, ...rest: (readonly [string, PyJson])[]): Node => pyObject([['type', type], ...rest]);

/** A field type that takes a date, time or datetime: itself, `Optional[X]` or `list[X]`. */
export const temporalFieldType: fc.Arbitrary<Node> = fc
  .tuple(fc.constantFrom('datetime', 'date', 'time'), fc.constantFrom('plain', 'optional', 'list'))
  .map(([kind, form]) => (form === 'plain' ? tag(kind) : form === 'optional' ? tag('union', ['members', [tag(kind), tag('none')]]) : tag('list', ['items', tag(kind)])));

/** A value for a date, time or datetime: mostly one pydantic reads, now and then any text or timestamp (which it may refuse). */
const temporalValue = (type: string): fc.Arbitrary<PyJson> => fc.oneof({ weight: 3, arbitrary: WELL_FORMED[type]! }, { weight: 1, arbitrary: plain });

/** The temporal type a field takes a value for (itself, or the X of `Optional[X]` or `list[X]`), if any. */
const temporalOf = (type: Node): { readonly kind: string; readonly listed: boolean } | undefined => {
  const kind = String(type.get('type'));
  if (TEMPORAL.has(kind)) return { kind, listed: false };
  if (kind === 'list') {
    const items = type.get('items') as Node | undefined;
    return items !== undefined && TEMPORAL.has(String(items.get('type'))) ? { kind: String(items.get('type')), listed: true } : undefined;
  }
  if (kind !== 'union') return undefined;
  const members = (type.get('members') as Node[]).filter((member) => member.get('type') !== 'none');
  return members.length === 1 ? temporalOf(members[0]!) : undefined;
};

/**
 * The value of a model-instance default of `model` (whose fields all have defaults): an object
 * giving some of its date, time and datetime fields a value, by their validation keys; the
 * fields it leaves out take their defaults.
 */
export const instanceValue = (model: Node): fc.Arbitrary<Node> => {
  const given = (model.get('fields') as Node[]).flatMap((field) => {
    const temporal = temporalOf(field.get('type') as Node);
    if (temporal === undefined) return [];
    const key = String(field.get('validation_alias') ?? field.get('alias') ?? field.get('name'));
    const value = temporal.listed ? fc.array(temporalValue(temporal.kind), { maxLength: 2 }) : temporalValue(temporal.kind);
    return [fc.option(value.map((v) => [key, v] as const), { freq: 3 })];
  });
  return fc.tuple(...given).map((entries) => pyObject(entries.filter((entry) => entry !== null)));
};
