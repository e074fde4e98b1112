import { numberValue, type PyJson } from '../../../src/json/pyJson.js';
import { writePyJson } from '../../../src/json/writePyJson.js';
import type { Constraints, Declaration, ModelDeclaration, SchemaMode, TypeExpr } from '../../../src/types/declaration.js';
import { Sampler, fieldKey } from './sampleValues.js';

const EXTRA_KEY = 'unexpected_extra_key';
const NOT_A_MEMBER = 'not-a-member-of-this-type';
/** A string no format pydantic writes accepts (`binary` aside, which takes any string). */
const NOT_OF_THE_FORMAT = 'not of the format';

const merge = (a: Constraints | undefined, b: Constraints | undefined): Constraints | undefined =>
  a === undefined ? b : b === undefined ? a : { ...a, ...b };

/** Values of the wrong JSON type for a declared type (none for `Any`, which takes everything). */
const wrongValues = (expr: TypeExpr): PyJson[] => {
  switch (expr.type) {
    case 'int':
      return ['7', 1.5];
    case 'float':
      return ['1.5'];
    case 'decimal':
      return [true];
    case 'bool':
      return ['true', 0];
    case 'none':
      return [0];
    case 'any':
      return [];
    case 'list':
    case 'set':
    case 'frozenset':
    case 'tuple':
      return [new Map([['not', 'a list']])];
    case 'dict':
    case 'model':
      return [['not', 'an object']];
    case 'literal':
    case 'enum':
      return [NOT_A_MEMBER];
    case 'union':
      return [[[NOT_A_MEMBER]]];
    case 'datetime':
    case 'date':
    case 'time':
    case 'timedelta':
    case 'uuid':
    case 'url':
      // A string of the wrong form: only a schema whose format is asserted refuses it.
      return [42, NOT_OF_THE_FORMAT];
    default:
      return [42];
  }
};

/** Values just outside a type's constraints: below a minimum, above a maximum, too short, too long. */
const outOfRange = (sampler: Sampler, expr: TypeExpr, outer: Constraints | undefined): PyJson[] => {
  const c = merge(outer, expr.constraints);
  if (expr.type === 'union') return expr.members.flatMap((member) => outOfRange(sampler, member, c));
  const out: PyJson[] = [];
  if (c === undefined) return expr.type === 'set' || expr.type === 'frozenset' ? duplicates(sampler, expr) : out;
  const n = (key: keyof Constraints): number | undefined => {
    const value = c[key];
    return typeof value === 'string' || value === undefined ? undefined : numberValue(value);
  };
  if (expr.type === 'int' || expr.type === 'float' || expr.type === 'decimal') {
    const [ge, gt, le, lt, m] = [n('ge'), n('gt'), n('le'), n('lt'), n('multiple_of')];
    if (ge !== undefined) out.push(ge - 1);
    if (gt !== undefined) out.push(gt);
    if (le !== undefined) out.push(le + 1);
    if (lt !== undefined) out.push(lt);
    if (m !== undefined && m !== 0) out.push(m * 1.5);
    return out;
  }
  const [min, max] = [c.min_length, c.max_length];
  if (expr.type === 'str' || expr.type === 'bytes') {
    if (min !== undefined && min > 0) out.push('x'.repeat(min - 1));
    if (max !== undefined) out.push('x'.repeat(max + 1));
    if (c.pattern !== undefined) out.push('', '!');
    return out;
  }
  if (expr.type === 'list' || expr.type === 'set' || expr.type === 'frozenset' || (expr.type === 'tuple' && expr.variadic)) {
    const itemType = expr.type === 'tuple' ? expr.items[0] : expr.items;
    const item = itemType === undefined ? 1 : (sampler.samples(itemType, 1)[0] ?? 1);
    if (min !== undefined && min > 0) out.push(Array.from({ length: min - 1 }, () => item));
    if (max !== undefined) out.push(Array.from({ length: max + 1 }, () => item));
    if (expr.type !== 'list' && expr.type !== 'tuple') out.push(...duplicates(sampler, expr));
    return out;
  }
  if (expr.type === 'dict') {
    if (max !== undefined) out.push(new Map(Array.from({ length: max + 1 }, (_, i) => [`k${i}`, 1] as [string, PyJson])));
    if (min !== undefined && min > 0) out.push(new Map());
  }
  return out;
};

// Sets are arrays with uniqueItems: the same item twice is the probe.
const duplicates = (sampler: Sampler, expr: TypeExpr): PyJson[] => {
  if (expr.type !== 'set' && expr.type !== 'frozenset') return [];
  const item = expr.items === undefined ? 1 : sampler.samples(expr.items, 1)[0];
  return item === undefined ? [] : [[item, item]];
};

const nestedModel = (expr: TypeExpr): string | undefined => {
  if (expr.type === 'model') return expr.name;
  if (expr.type === 'union') return expr.members.map(nestedModel).find((name) => name !== undefined);
  return undefined;
};

/** Instances of a model with one thing changed: a field missing, of the wrong type, out of range, another branch, an extra key. */
const modelVariants = (sampler: Sampler, model: ModelDeclaration, depth: number): PyJson[] => {
  const base = sampler.instance(model, model.fields, depth);
  const out: PyJson[] = [];
  const withField = (key: string, value: PyJson | undefined): Map<string, PyJson> => {
    const copy = new Map(base);
    if (value === undefined) copy.delete(key);
    else copy.set(key, value);
    return copy;
  };
  for (const field of model.fields) {
    const key = fieldKey(field, sampler.mode);
    if (field.required) out.push(withField(key, undefined));
    for (const value of wrongValues(field.type)) out.push(withField(key, value));
    for (const value of outOfRange(sampler, field.type, field.constraints)) out.push(withField(key, value));
    for (const value of sampler.samples(field.type, depth + 1, field.constraints).slice(1)) out.push(withField(key, value));
    const nested = nestedModel(field.type);
    const nestedModelDecl = nested === undefined ? undefined : sampler.model(nested);
    if (nestedModelDecl !== undefined && depth < 1) {
      for (const value of modelVariants(sampler, nestedModelDecl, depth + 1)) out.push(withField(key, value));
    }
  }
  out.push(new Map([...base, [EXTRA_KEY, 1]]));
  return out;
};

/**
 * Instances for comparing two schemas of a declared type by behaviour: valid values (every
 * branch), then mutants (a required field missing, wrong types, values just out of range,
 * duplicates in sets, an extra key) and values that are not objects at all. Deterministic, each
 * instance once, at most `limit`.
 */
export const schemaInstances = (declaration: Declaration, root: TypeExpr, mode: SchemaMode, limit = 120): PyJson[] => {
  const sampler = new Sampler(declaration, mode);
  const candidates: PyJson[] = [...sampler.samples(root)];
  const rootModel = root.type === 'model' ? sampler.model(root.name) : undefined;
  if (rootModel !== undefined) candidates.push(...modelVariants(sampler, rootModel, 0));
  candidates.push(...wrongValues(root), null, 'a string', 3);
  const seen = new Set<string>();
  const out: PyJson[] = [];
  for (const candidate of candidates) {
    const text = writePyJson(candidate);
    if (seen.has(text)) continue;
    seen.add(text);
    out.push(candidate);
    if (out.length >= limit) break;
  }
  return out;
};
