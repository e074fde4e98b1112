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
 * Writes a model default (validated from the declared value, as the reference's `model_validate`
 * does) under the model whose serializer writes it unchecked, if any.
 */
export type DumpModel = (name: string, value: PyJson, under: string | undefined) => unknown;

/**
 * The model whose serializer pydantic-core runs with no type check on a field's value: the
 * field's own model, or X of `Optional[X]` (a nullable schema, not a union, which would check).
 */
const uncheckedModel = (expr: TypeExpr): string | undefined => {
  if (expr.type === 'model') return expr.name;
  if (expr.type !== 'union' || expr.members.length !== 2) return undefined;
  const [first, second] = expr.members;
  const model = first!.type === 'none' ? second! : second!.type === 'none' ? first! : undefined;
  return model?.type === 'model' ? model.name : undefined;
};

/** The JSON form of a field's declared default. */
export const dumpDefault = (expr: TypeExpr, value: DefaultValue, dumpModel: DumpModel): unknown => {
  switch (value.kind) {
    case 'model':
      return dumpModel(value.model!, value.value, uncheckedModel(expr));
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
export const dumpFactory = (expr: TypeExpr, factory: DefaultFactory, dumpModel: DumpModel): unknown => {
  if ('builtin' in factory) return factory.builtin === 'dict' ? new Map() : [];
  return dumpDefault(expr, factory.returns, dumpModel);
};
