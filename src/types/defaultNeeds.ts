import { PyFloat, objectEntries, type PyJson } from '../json/pyJson.js';
import type { Declaration, DefaultValue, FieldDeclaration, ModelDeclaration, TypeExpr } from './declaration.js';
import { childPath, isTreeArray, isTreeObject } from './declarationTree.js';
import { flattenUnion } from './typeExprKey.js';

/**
 * What making a model-instance default takes (mirrors `types/default_needs.py`).
 *
 * A model-instance default is made by its model: `Model.model_validate(value)`. Validating the
 * value copies the defaults of the fields it leaves out, calls their factories, and reads the
 * values it gives through their types. Walking the value along the declared types finds, in walk
 * order: the other instance-making defaults it takes (made first, so that the order of making is
 * the same in every language and a default that needs itself is found); the sets it holds (a set
 * default taken, a set it gives), whose order Python prints as it iterates them; the values it
 * gives where a type only the Python reference reads may take them. A union is walked along every
 * member, as pydantic tries every member.
 */

/** A field default that makes a model instance: a model-instance `default`, or a `default_factory` that returns one. */
export interface DefaultSite {
  readonly modelIndex: number;
  readonly fieldIndex: number;
  readonly factory: boolean;
  readonly model: string;
  readonly field: string;
  readonly made: DefaultValue;
  readonly path: string;
  readonly valuePath: string;
  /** `Model.field`. */
  readonly label: string;
}

export type DefaultEvent =
  /** The walk takes another instance-making default (a missing field's). */
  | { readonly kind: 'takes'; readonly site: DefaultSite }
  /** The walk takes a set default (or calls a factory returning a set) whose order is unstable. */
  | { readonly kind: 'takes-set'; readonly model: string; readonly field: string }
  /** The value gives a set, at `path`, whose order is unstable. */
  | { readonly kind: 'holds-set'; readonly path: string }
  /** The value gives, at `path`, a value for a type that holds `type`, which only the Python reference reads. */
  | { readonly kind: 'gives-unread'; readonly path: string; readonly type: string };

// Values of these types hash the same in every Python process, so a set of them iterates alike.
const STABLY_HASHED: ReadonlySet<string> = new Set(['int', 'float', 'bool', 'decimal', 'uuid']);
/**
 * Types a model-instance default may not give a value to: those the TypeScript validator does
 * not read (docs/internals.md, "Declaration errors"). A rule of the declaration format, mirrored
 * in Python: dates, times and durations given are read by both.
 */
export const UNREAD_TYPES: ReadonlySet<string> = new Set(['url', 'callable']);

/** The first type only the Python reference reads that the expression holds (through containers and unions, not models), depth first. */
export const firstUnreadType = (expr: TypeExpr): string | undefined => {
  if (UNREAD_TYPES.has(expr.type)) return expr.type;
  let inner: readonly (TypeExpr | undefined)[] = [];
  if (expr.type === 'list' || expr.type === 'set' || expr.type === 'frozenset') inner = [expr.items];
  else if (expr.type === 'dict') inner = [expr.keys, expr.values];
  else if (expr.type === 'tuple') inner = expr.items;
  else if (expr.type === 'union') inner = expr.members;
  for (const item of inner) {
    const found = item === undefined ? undefined : firstUnreadType(item);
    if (found !== undefined) return found;
  }
  return undefined;
};

const isNumberLike = (value: PyJson): boolean => typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean' || value instanceof PyFloat;

const instanceMade = (field: FieldDeclaration): readonly [DefaultValue, boolean] | undefined => {
  if (field.default?.kind === 'model') return [field.default, false];
  const factory = field.default_factory;
  if (factory !== undefined && 'returns' in factory && factory.returns.kind === 'model') return [factory.returns, true];
  return undefined;
};

const setDefault = (field: FieldDeclaration): DefaultValue | undefined => {
  if (field.default !== undefined) return field.default.kind === 'set' || field.default.kind === 'frozenset' ? field.default : undefined;
  const factory = field.default_factory;
  const returns = factory !== undefined && 'returns' in factory ? factory.returns : undefined;
  return returns !== undefined && (returns.kind === 'set' || returns.kind === 'frozenset') ? returns : undefined;
};

/**
 * A set default of two or more strings: Python iterates strings in hash order, which changes
 * with `PYTHONHASHSEED`. (Mixed types are refused when read; numbers iterate alike everywhere.)
 */
export const unstableSetDefault = (dft: DefaultValue): boolean => {
  const elements = dft.value as readonly PyJson[];
  return elements.length > 1 && elements.some((element) => typeof element === 'string');
};

const stablyHashed = (items: TypeExpr | undefined, values: readonly PyJson[]): boolean => {
  if (items === undefined) return values.every(isNumberLike);
  if (STABLY_HASHED.has(items.type)) return true;
  if (items.type === 'literal') return items.values.every(isNumberLike);
  if (items.type === 'union') {
    return flattenUnion(items.members, '$').every(([member]) => member.type === 'none' || stablyHashed(member, values));
  }
  return false;
};

/** The instance-making defaults of a declaration, and what making each takes. */
export class DefaultWalk {
  private readonly models: ReadonlyMap<string, ModelDeclaration>;
  private readonly bySite = new Map<string, DefaultSite>();

  constructor(declaration: Declaration) {
    const models = declaration.models ?? [];
    this.models = new Map(models.map((model) => [model.name, model]));
    models.forEach((model, modelIndex) => {
      model.fields.forEach((field, fieldIndex) => {
        const made = instanceMade(field);
        if (made === undefined) return;
        const [value, factory] = made;
        const path = `$.models[${modelIndex}].fields[${fieldIndex}].${factory ? 'default_factory' : 'default'}`;
        this.bySite.set(`${model.name}.${field.name}`, {
          modelIndex,
          fieldIndex,
          factory,
          model: model.name,
          field: field.name,
          made: value,
          path,
          valuePath: factory ? `${path}.returns.value` : `${path}.value`,
          label: `${model.name}.${field.name}`,
        });
      });
    });
  }

  /** Every instance-making default, models in order, fields in order. */
  get sites(): DefaultSite[] {
    return [...this.bySite.values()];
  }

  /** What making the default takes and holds, in walk order. */
  events(site: DefaultSite): DefaultEvent[] {
    const out: DefaultEvent[] = [];
    this.walkModel(this.models.get(site.made.model!)!, site.made.value, site.valuePath, out);
    return out;
  }

  /** The instance-making defaults, each after those it takes (depth first from each in declaration order; the reader refuses cycles). */
  makingOrder(): DefaultSite[] {
    const order: DefaultSite[] = [];
    const seen = new Set<DefaultSite>();
    const visit = (site: DefaultSite): void => {
      seen.add(site);
      for (const event of this.events(site)) if (event.kind === 'takes' && !seen.has(event.site)) visit(event.site);
      order.push(site);
    };
    for (const site of this.sites) if (!seen.has(site)) visit(site);
    return order;
  }

  private walkModel(model: ModelDeclaration, value: PyJson, path: string, out: DefaultEvent[]): void {
    if (!isTreeObject(value)) return;
    const given = new Map(objectEntries(value));
    for (const field of model.fields) {
      const key = field.validation_alias ?? field.alias ?? field.name;
      if (given.has(key)) {
        this.walkValue(field.type, given.get(key)!, childPath(path, key), out);
        continue;
      }
      const site = this.bySite.get(`${model.name}.${field.name}`);
      if (site !== undefined) out.push({ kind: 'takes', site });
      const taken = setDefault(field);
      if (taken !== undefined && unstableSetDefault(taken)) out.push({ kind: 'takes-set', model: model.name, field: field.name });
    }
  }

  private walkValue(expr: TypeExpr, value: PyJson, path: string, out: DefaultEvent[]): void {
    const unread = firstUnreadType(expr);
    if (unread !== undefined) {
      out.push({ kind: 'gives-unread', path, type: unread });
    } else if (expr.type === 'model') {
      this.walkModel(this.models.get(expr.name)!, value, path, out);
    } else if ((expr.type === 'list' || expr.type === 'set' || expr.type === 'frozenset') && isTreeArray(value)) {
      if (expr.type !== 'list' && value.length > 1 && !stablyHashed(expr.items, value)) out.push({ kind: 'holds-set', path });
      if (expr.items !== undefined) value.forEach((item, index) => this.walkValue(expr.items!, item, childPath(path, index), out));
    } else if (expr.type === 'tuple' && isTreeArray(value)) {
      value.forEach((item, index) => {
        const itemType = expr.variadic === true ? expr.items[0] : expr.items[index];
        if (itemType !== undefined) this.walkValue(itemType, item, childPath(path, index), out);
      });
    } else if (expr.type === 'dict' && isTreeObject(value) && expr.values !== undefined) {
      for (const [key, item] of objectEntries(value)) this.walkValue(expr.values, item, childPath(path, key), out);
    } else if (expr.type === 'union') {
      for (const [member] of flattenUnion(expr.members, '$')) this.walkValue(member, value, path, out);
    }
  }
}
