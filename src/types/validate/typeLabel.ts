import type { Declaration, TypeExpr } from '../declaration.js';
import { pyRepr } from '../../python/pyRepr.js';

const CONSTRAINABLE = new Set(['int', 'float', 'str', 'bytes']);

/**
 * The name pydantic-core gives a union member in error locations: `int`, `constrained-str`,
 * `list[int]`, `dict[str,int]`, `tuple[int, str]`, `literal['a',1]`, `str-enum[Color]`, the
 * model's class name, `nullable[int]`.
 */
export const typeLabel = (expr: TypeExpr, declaration: Declaration): string => {
  const label = (inner: TypeExpr | undefined): string => (inner === undefined ? 'any' : typeLabel(inner, declaration));
  switch (expr.type) {
    case 'list':
    case 'set':
    case 'frozenset':
      return `${expr.type}[${label(expr.items)}]`;
    case 'dict':
      return `dict[${label(expr.keys)},${label(expr.values)}]`;
    case 'tuple':
      return expr.variadic === true ? `tuple[${label(expr.items[0])}, ...]` : `tuple[${expr.items.map(label).join(', ')}]`;
    case 'union': {
      const members = expr.members.filter((member) => member.type !== 'none');
      const inner = members.length === 1 ? label(members[0]) : `union[${members.map(label).join(',')}]`;
      return members.length < expr.members.length ? `nullable[${inner}]` : inner;
    }
    case 'literal':
      return `literal[${expr.values.map((value) => pyRepr(value)).join(',')}]`;
    case 'enum': {
      const base = declaration.enums?.find((item) => item.name === expr.name)?.base;
      return `${base === 'str' ? 'str-' : base === 'int' ? 'int-' : ''}enum[${expr.name}]`;
    }
    case 'model':
      return expr.name;
    default:
      return expr.constraints !== undefined && CONSTRAINABLE.has(expr.type) ? `constrained-${expr.type}` : expr.type;
  }
};
