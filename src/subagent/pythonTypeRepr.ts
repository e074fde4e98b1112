import type { Constraints, TypeExpr } from '../types/declaration.js';
import { flattenUnion } from '../types/typeExprKey.js';
import { pyRepr, pyStringRepr } from '../python/pyRepr.js';

/** The module every class built from a declaration lives in (Python `MODULE`). */
export const DECLARED_MODULE = 'agentparity.declared';

const CLASSES: Readonly<Record<string, readonly [module: string, name: string]>> = {
  str: ['builtins', 'str'],
  int: ['builtins', 'int'],
  float: ['builtins', 'float'],
  bool: ['builtins', 'bool'],
  bytes: ['builtins', 'bytes'],
  list: ['builtins', 'list'],
  set: ['builtins', 'set'],
  frozenset: ['builtins', 'frozenset'],
  dict: ['builtins', 'dict'],
  datetime: ['datetime', 'datetime'],
  date: ['datetime', 'date'],
  time: ['datetime', 'time'],
  timedelta: ['datetime', 'timedelta'],
  uuid: ['uuid', 'UUID'],
  decimal: ['decimal', 'Decimal'],
};

const URL_CLASSES = { any: 'AnyUrl', http: 'HttpUrl' } as const;

// How Python prints a type: a class by itself (`<class 'int'>`) and inside a generic (`int`)
// differ; everything else prints the same either way.
type Printed = { readonly kind: 'class'; readonly module: string; readonly name: string; readonly enum: boolean } | { readonly kind: 'form'; readonly text: string };

const classPrinted = (module: string, name: string, isEnum = false): Printed => ({ kind: 'class', module, name, enum: isEnum });
const form = (text: string): Printed => ({ kind: 'form', text });

/** typing._type_repr: a class as `module.qualname` (builtins by name alone), anything else as its repr. */
const inner = (printed: Printed): string =>
  printed.kind === 'form' ? printed.text : printed.module === 'builtins' ? printed.name : `${printed.module}.${printed.name}`;

const outer = (printed: Printed): string => {
  if (printed.kind === 'form') return printed.text;
  return printed.enum ? `<enum ${pyStringRepr(printed.name)}>` : `<class '${inner(printed)}'>`;
};

// pydantic's FieldInfo repr lists its metadata in this order.
const METADATA: ReadonlyArray<readonly [keyof Constraints, string]> = [
  ['gt', 'Gt'], ['ge', 'Ge'], ['lt', 'Lt'], ['le', 'Le'], ['multiple_of', 'MultipleOf'], ['min_length', 'MinLen'], ['max_length', 'MaxLen'],
];

const fieldInfoRepr = (constraints: Constraints): string => {
  const items = METADATA.filter(([key]) => constraints[key] !== undefined).map(
    ([key, name]) => `${name}(${key}=${pyRepr(constraints[key] as Exclude<Constraints[typeof key], undefined>)})`,
  );
  if (constraints.pattern !== undefined) items.push(`_PydanticGeneralMetadata(pattern=${pyStringRepr(constraints.pattern)})`);
  return `FieldInfo(annotation=NoneType, required=True, metadata=[${items.join(', ')}])`;
};

/** The type and the `Annotated` metadata around it (nested `Annotated` flattens, as in typing). */
interface Annotated {
  readonly base: Printed;
  readonly metadata: readonly string[];
}

const annotated = (printed: Annotated): Printed =>
  printed.metadata.length === 0 ? printed.base : form(`typing.Annotated[${inner(printed.base)}, ${printed.metadata.join(', ')}]`);

const generic = (name: string, args: readonly string[]): Printed => form(`${name}[${args.join(', ')}]`);

const unionPrinted = (members: readonly TypeExpr[]): Annotated => {
  const flat = flattenUnion(members, '$').map(([member]) => member);
  // Inside typing.Union, None becomes the class NoneType; a union of None alone is that class.
  if (flat.length === 1) return flat[0]!.type === 'none' ? { base: classPrinted('builtins', 'NoneType'), metadata: [] } : describe(flat[0]!);
  const [first, second] = flat;
  if (flat.length === 2 && (first!.type === 'none') !== (second!.type === 'none')) {
    const other = first!.type === 'none' ? second! : first!;
    return { base: form(`typing.Optional[${inner(annotated(describe(other)))}]`), metadata: [] };
  }
  const args = flat.map((member) => (member.type === 'none' ? 'NoneType' : inner(annotated(describe(member)))));
  return { base: generic('typing.Union', args), metadata: [] };
};

const discriminatorRepr = (key: string): string => `FieldInfo(annotation=NoneType, required=True, discriminator=${pyStringRepr(key)})`;

const describe = (expr: TypeExpr): Annotated => {
  const shape = describeShape(expr);
  const metadata = [...shape.metadata];
  if (expr.constraints !== undefined) metadata.push(fieldInfoRepr(expr.constraints));
  if (expr.type === 'union' && expr.discriminator !== undefined) metadata.push(discriminatorRepr(expr.discriminator));
  return metadata.length === shape.metadata.length ? shape : { base: shape.base, metadata };
};

const arg = (expr: TypeExpr): string => inner(annotated(describe(expr)));

const describeShape = (expr: TypeExpr): Annotated => {
  const plain = (printed: Printed): Annotated => ({ base: printed, metadata: [] });
  switch (expr.type) {
    case 'none':
      return plain(form('None'));
    case 'any':
      return plain(form('typing.Any'));
    case 'callable':
      return plain(form('typing.Callable[..., typing.Any]'));
    case 'url':
      return plain(classPrinted('pydantic.networks', URL_CLASSES[expr.variant]));
    case 'list':
    case 'set':
    case 'frozenset':
      return plain(expr.items === undefined ? classPrinted('builtins', expr.type) : generic(expr.type, [arg(expr.items)]));
    case 'dict':
      if (expr.keys === undefined && expr.values === undefined) return plain(classPrinted('builtins', 'dict'));
      return plain(generic('dict', [expr.keys ? arg(expr.keys) : 'typing.Any', expr.values ? arg(expr.values) : 'typing.Any']));
    case 'tuple':
      if (expr.variadic === true) return plain(generic('tuple', [arg(expr.items[0]!), '...']));
      return plain(generic('tuple', expr.items.length === 0 ? ['()'] : expr.items.map(arg)));
    case 'union':
      return unionPrinted(expr.members);
    case 'literal':
      return plain(generic('typing.Literal', expr.values.map(pyRepr)));
    case 'enum':
      return plain(classPrinted(DECLARED_MODULE, expr.name, true));
    case 'model':
      return plain(classPrinted(DECLARED_MODULE, expr.name));
    default: {
      const [module, name] = CLASSES[expr.type]!;
      return plain(classPrinted(module, name));
    }
  }
};

/**
 * What Python's `f"{t}"` prints for the type the Python reference builds from `expr`:
 * `<class 'int'>`, `list[int]`, `typing.Optional[agentparity.declared.Review]`, `<enum 'Color'>`.
 */
export const pythonTypeRepr = (expr: TypeExpr): string => outer(annotated(describe(expr)));
