import { PyFloat, numberValue, type PyJson } from '../../json/pyJson.js';
import type { DefaultFactory, DefaultValue, TypeExpr } from '../declaration.js';
import type { Validator } from './outcome.js';
import { validateDate, validateDatetime } from './temporal/validateDates.js';
import { validateTime } from './temporal/validateTime.js';
import { validateTimedelta } from './temporal/validateTimedelta.js';

/** Whether a field of this type dumps an int as a float (a float field, or an optional one). */
const isFloatType = (expr: TypeExpr): boolean =>
  expr.type === 'float' || (expr.type === 'union' && expr.members.some((m) => m.type === 'float') && expr.members.every((m) => m.type === 'float' || m.type === 'none'));

/**
 * A default's JSON value shaped by the field's type, as pydantic's type-directed dump writes the
 * default (which it never validates): an int under a float type becomes a float, and containers
 * are walked along their item types. Defaults are small and written by hand, so this recurses.
 */
const shaped = (expr: TypeExpr | undefined, value: PyJson): PyJson => {
  if (expr === undefined) return value;
  if (isFloatType(expr) && (typeof value === 'bigint' || (typeof value === 'number' && Number.isInteger(value)))) {
    return new PyFloat(Number(value));
  }
  if (Array.isArray(value)) {
    if (expr.type === 'tuple' && expr.variadic !== true) return value.map((item, index) => shaped(expr.items[index], item));
    const items = expr.type === 'tuple' ? expr.items[0] : expr.type === 'list' || expr.type === 'set' || expr.type === 'frozenset' ? expr.items : undefined;
    return value.map((item) => shaped(items, item));
  }
  if (value instanceof Map && expr.type === 'dict') {
    return new Map([...(value as Map<string, PyJson>)].map(([key, item]) => [key, shaped(expr.values, item)]));
  }
  return value;
};

// A date, time or duration default is held as the value its text names, and dumped in pydantic's ISO form.
const TEMPORAL: Readonly<Record<TemporalKind, Validator>> = { datetime: validateDatetime, date: validateDate, time: validateTime, timedelta: validateTimedelta };

export type TemporalKind = 'datetime' | 'date' | 'time' | 'timedelta';

/**
 * The ISO form of a date, time or duration default, whose declared text (a form both readers
 * accept) names it: what pydantic writes for it in a schema's `default` and in a model's dump alike.
 */
export const dumpTemporalDefault = (kind: TemporalKind, text: string): string => {
  const outcome = TEMPORAL[kind](text);
  if (outcome.status === 'refused') throw new Error(`a ${kind} default the declaration reader accepted is refused: ${text}`);
  return outcome.value as string;
};

/**
 * The JSON form of a field's declared default; `dumpModel` gives the dump of a model default (a
 * model validates its default from the declared value, as the reference's `model_validate` does).
 */
export const dumpDefault = (expr: TypeExpr, value: DefaultValue, dumpModel: (name: string, value: PyJson) => unknown): unknown => {
  switch (value.kind) {
    case 'model':
      return dumpModel(value.model!, value.value);
    case 'float': {
      const number = numberValue(value.value as number | bigint | PyFloat);
      return Number.isInteger(number) ? new PyFloat(number) : number;
    }
    case 'datetime':
    case 'date':
    case 'time':
    case 'timedelta':
      return dumpTemporalDefault(value.kind, value.value as string);
    default:
      return shaped(expr, value.value);
  }
};

/** The JSON form of what a default factory makes. */
export const dumpFactory = (expr: TypeExpr, factory: DefaultFactory, dumpModel: (name: string, value: PyJson) => unknown): unknown => {
  if ('builtin' in factory) return factory.builtin === 'dict' ? new Map() : [];
  return dumpDefault(expr, factory.returns, dumpModel);
};
