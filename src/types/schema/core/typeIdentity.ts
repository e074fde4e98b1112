import type { TypeExpr } from '../../declaration.js';
import { literalValueKey } from '../../../python/pyTypeName.js';
import { isAnnotated } from '../../typeExprKey.js';

/**
 * A key that two type expressions share when Python's `typing` considers them the same type, so
 * that `Union[...]` drops the repeat. A constrained node, or a union with a discriminator, is
 * `Annotated[T, Field(...)]` with a fresh `FieldInfo`, which equals nothing but itself, so it
 * gets a unique key.
 */
export const typeIdentity = (expr: TypeExpr, unique: () => string): string => {
  if (isAnnotated(expr)) return unique();
  const inner = (e: TypeExpr | undefined): string => (e === undefined ? '-' : typeIdentity(e, unique));
  switch (expr.type) {
    case 'url':
      return `url:${expr.variant}`;
    case 'list':
    case 'set':
    case 'frozenset':
      return `${expr.type}[${inner(expr.items)}]`;
    case 'dict':
      return `dict[${inner(expr.keys)},${inner(expr.values)}]`;
    case 'tuple':
      return `tuple[${expr.items.map((i) => inner(i)).join(',')}${expr.variadic === true ? ',...' : ''}]`;
    case 'union':
      // Union equality ignores order.
      return `union{${expr.members.map((m) => inner(m)).sort().join(',')}}`;
    case 'literal':
      return `literal{${[...new Set(expr.values.map(literalValueKey))].sort().join(',')}}`;
    case 'enum':
    case 'model':
      return `${expr.type}:${expr.name}`;
    default:
      return expr.type;
  }
};
