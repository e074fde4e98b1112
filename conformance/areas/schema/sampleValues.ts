import { numberValue, type PyJson } from '../../../src/json/pyJson.js';
import type { Constraints, Declaration, FieldDeclaration, ModelDeclaration, PyNumber, SchemaMode, TypeExpr } from '../../../src/types/declaration.js';

/** Past this depth a model is given only its required fields, and past twice this depth nothing. */
const MAX_DEPTH = 3;

const num = (value: PyNumber | undefined): number | undefined => (value === undefined ? undefined : numberValue(value));

/** Whether a number meets numeric constraints. */
export const meetsNumber = (value: number, c: Constraints | undefined): boolean => {
  if (c === undefined) return true;
  const [ge, gt, le, lt, m] = [num(c.ge), num(c.gt), num(c.le), num(c.lt), num(c.multiple_of)];
  if (ge !== undefined && value < ge) return false;
  if (gt !== undefined && value <= gt) return false;
  if (le !== undefined && value > le) return false;
  if (lt !== undefined && value >= lt) return false;
  if (m !== undefined && m !== 0 && Math.abs(value / m - Math.round(value / m)) > 1e-9) return false;
  return true;
};

/** Candidate numbers that meet the constraints, best first; never empty (a probe is still useful). */
const numbers = (c: Constraints | undefined, integer: boolean): number[] => {
  const bounds = [num(c?.ge), num(c?.gt), num(c?.le), num(c?.lt)].filter((n): n is number => n !== undefined);
  const m = num(c?.multiple_of);
  const near = bounds.flatMap((b) => [b, b + 1, b - 1, b + 0.5, b - 0.5]);
  const multiples = m === undefined ? [] : [m, 2 * m, ...bounds.map((b) => Math.ceil(b / m) * m)];
  const candidates = [0, 1, 7, -3, 2.5, ...multiples, ...near].filter((n) => Number.isFinite(n) && (!integer || Number.isInteger(n)));
  const fitting = [...new Set(candidates)].filter((n) => meetsNumber(n, c));
  return fitting.length > 0 ? fitting.slice(0, 2) : [bounds[0] ?? 0];
};

/** Candidate strings that meet length constraints. */
const strings = (c: Constraints | undefined): string[] => {
  const min = c?.min_length ?? 0;
  const max = c?.max_length ?? Infinity;
  const fit = (text: string): string => (text.length < min ? text.padEnd(min, 'x') : text.slice(0, Math.min(text.length, max)));
  return [...new Set([fit('sample'), fit('é')])];
};

const merge = (a: Constraints | undefined, b: Constraints | undefined): Constraints | undefined =>
  a === undefined ? b : b === undefined ? a : { ...a, ...b };

const sized = <T>(items: T[], c: Constraints | undefined): T[] => {
  const min = c?.min_length ?? 0;
  const max = c?.max_length ?? Infinity;
  const out = items.slice(0, Math.max(0, Math.min(items.length, max)));
  while (out.length < min && items.length > 0) out.push(items[out.length % items.length]!);
  return out;
};

/** The property key of a field in the given mode: its alias for that mode, else its name. */
export const fieldKey = (field: FieldDeclaration, mode: SchemaMode): string =>
  (mode === 'serialization' ? field.serialization_alias : field.validation_alias) ?? field.alias ?? field.name;

/**
 * Values meant to be valid for a declared type: the first is the canonical one, the rest show
 * other branches (each literal, enum member and union member; empty and full containers). They
 * are probes for comparing two schemas, so a value that misses (an unmatched pattern) is harmless.
 */
export class Sampler {
  private readonly models: ReadonlyMap<string, ModelDeclaration>;
  private readonly enums: ReadonlyMap<string, readonly PyJson[]>;

  constructor(
    declaration: Declaration,
    readonly mode: SchemaMode,
  ) {
    this.models = new Map((declaration.models ?? []).map((m) => [m.name, m]));
    this.enums = new Map((declaration.enums ?? []).map((e) => [e.name, e.members.map((m) => m.value)]));
  }

  model(name: string): ModelDeclaration | undefined {
    return this.models.get(name);
  }

  samples(expr: TypeExpr, depth = 0, outer?: Constraints): PyJson[] {
    const c = merge(outer, expr.constraints);
    switch (expr.type) {
      case 'str':
        return strings(c);
      case 'int':
        return numbers(c, true);
      case 'float':
        return numbers(c, false);
      case 'bool':
        return [true, false];
      case 'none':
        return [null];
      case 'any':
        return [1, 'anything', null];
      case 'bytes':
        return strings(c);
      case 'decimal':
        return ['1.50', ...numbers(c, false)];
      case 'datetime':
        return ['2024-01-02T03:04:05Z'];
      case 'date':
        return ['2024-01-02'];
      case 'time':
        // JSON Schema's `time` format (RFC 3339) needs an offset.
        return ['03:04:05Z'];
      case 'timedelta':
        return ['PT1H'];
      case 'uuid':
        return ['12345678-1234-5678-1234-567812345678'];
      case 'url':
        return ['https://example.com/x'];
      case 'list':
      case 'set':
      case 'frozenset': {
        const items = expr.items === undefined ? [1, 'two'] : this.samples(expr.items, depth + 1);
        return [sized(items.slice(0, 2), c), sized([], c)];
      }
      case 'tuple': {
        if (expr.variadic) return [sized(this.samples(expr.items[0]!, depth + 1).slice(0, 2), c), []];
        return [expr.items.map((item) => this.samples(item, depth + 1)[0]!)];
      }
      case 'dict': {
        const keys = expr.keys === undefined ? ['key'] : this.keySamples(expr.keys);
        const values = expr.values === undefined ? [1] : this.samples(expr.values, depth + 1);
        const full = new Map(keys.slice(0, 2).map((k, i) => [k, values[i % values.length]!]));
        return [full, new Map()];
      }
      case 'union':
        return expr.members.flatMap((member) => this.samples(member, depth, c).slice(0, 1));
      case 'literal':
        return [...expr.values];
      case 'enum':
        return [...(this.enums.get(expr.name) ?? [])];
      case 'model':
        return this.modelSamples(expr.name, depth);
      case 'callable':
        // pydantic cannot render a schema for it, so there is nothing to compare.
        return [];
    }
  }

  /** A full instance of a model (every field) and a minimal one (required fields only). */
  modelSamples(name: string, depth: number): PyJson[] {
    const model = this.models.get(name);
    if (model === undefined || depth > 2 * MAX_DEPTH) return [new Map()];
    const required = model.fields.filter((f) => f.required);
    const minimal = this.instance(model, required, depth);
    return depth >= MAX_DEPTH ? [minimal] : [this.instance(model, model.fields, depth), minimal];
  }

  /** An instance of a model with the given fields, each at its canonical value. */
  instance(model: ModelDeclaration, fields: readonly FieldDeclaration[], depth: number): Map<string, PyJson> {
    const out = new Map<string, PyJson>();
    for (const field of fields) {
      const [value] = this.samples(field.type, depth + 1, field.constraints);
      if (value !== undefined) out.set(fieldKey(field, this.mode), value);
    }
    if (this.mode === 'serialization') {
      for (const computed of model.computed_fields ?? []) {
        const [value] = this.samples(computed.return_type, depth + 1);
        if (value !== undefined) out.set(computed.name, value);
      }
    }
    return out;
  }

  private keySamples(keys: TypeExpr): string[] {
    if (keys.type === 'literal') return keys.values.filter((v): v is string => typeof v === 'string');
    if (keys.type === 'enum') return (this.enums.get(keys.name) ?? []).map(String);
    if (keys.type === 'int') return ['1', '22'];
    return strings(keys.constraints).concat('other');
  }
}
