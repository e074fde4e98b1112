import { NotSupportedError } from '../../errors.js';
import type { Declaration, EnumDeclaration, TypeExpr } from '../declaration.js';
import { isSplicedUnion } from '../typeExprKey.js';
import { checkBytes, checkNumber, checkString } from './constraints.js';
import { dictValidator, sequenceValidator, setValidator, tupleValidator } from './containerValidators.js';
import { Uninferred } from './dumpMarkers.js';
import { unreadableText, validateBool, validateBytes, validateFloat, validateInt, validateNone, validateStr } from './laxScalars.js';
import { modelValidator } from './modelValidator.js';
import { EXACT, LAX, accepted, refused, withInput, within, type Outcome, type ValidationIssue, type Validator } from './outcome.js';
import { fitsI64, inputKind, intOf } from './inputKind.js';
import { expectedList, scalarEqualityKey } from './pyEquality.js';
import type { RawBytes } from './rawBytes.js';
import { taggedUnionValidator } from './taggedUnionValidator.js';
import { typeLabel } from './typeLabel.js';
import { validateDecimal, validateUuid } from './specialScalars.js';
import { validateDate, validateDatetime } from './temporal/validateDates.js';
import { validateTime } from './temporal/validateTime.js';
import { validateDeclaredTimedelta, validateTimedelta } from './temporal/validateTimedelta.js';
import { pushAll } from '../../util/pushAll.js';

const ANY: Validator = (input) => accepted(new Uninferred(input), EXACT);

/** Types the TypeScript validator does not read (docs/internals.md, "Declared result types"). */
export const UNSUPPORTED_TYPES: ReadonlySet<string> = new Set(['url', 'callable']);

/** A declared type the TypeScript validator does not read. */
export class UnsupportedTypeError extends NotSupportedError {}

/** The validator of a place: an issue raised there without an input of its own refused this input. */
const placed =
  (validate: Validator): Validator =>
  (input) => {
    const outcome = validate(input);
    return outcome.status === 'accepted' ? outcome : { status: 'refused', issues: withInput(input, outcome.issues) };
  };

const withConstraints = (base: Validator, check: (value: unknown) => Outcome | undefined): Validator => (input) => {
  const outcome = base(input);
  return outcome.status === 'accepted' ? (check(outcome.value) ?? outcome) : outcome;
};

/**
 * Smart-mode union (pydantic-core): members are tried in order; an exact match without a model
 * returns at once; otherwise the best success wins, by the number of fields a model set, then by
 * exactness, the earlier member on a tie; when none succeeds, every member's issues, each under
 * the member's label.
 */
const unionValidator = (members: readonly (readonly [string, Validator])[]): Validator => (input) => {
  let best: Extract<Outcome, { status: 'accepted' }> | undefined;
  const issues: ValidationIssue[] = [];
  for (const [label, validate] of members) {
    const outcome = validate(input);
    if (outcome.status === 'refused') {
      if (best === undefined) pushAll(issues, within(label, outcome.issues));
      continue;
    }
    if (outcome.exactness === EXACT && outcome.fieldsSet === undefined) return outcome;
    const better =
      best === undefined ||
      (best.fieldsSet !== undefined && outcome.fieldsSet !== undefined && best.fieldsSet !== outcome.fieldsSet
        ? best.fieldsSet < outcome.fieldsSet
        : best.exactness < outcome.exactness);
    if (better) best = outcome;
  }
  return best ?? { status: 'refused', issues };
};

const TOO_BIG = 'Unable to parse input string as an integer, exceeded maximum size';
const isIntValue = (value: unknown): boolean => typeof value === 'bigint' || (typeof value === 'number' && Number.isInteger(value));

/**
 * `Literal[...]`: the input equal (as Python compares) to one of the values gives that value.
 * With int values, pydantic-core reads an int input as a 64-bit int first, and refuses a bigger one.
 */
const literalValidator = (values: readonly unknown[]): Validator => {
  // A bool meets a bool value first, an int an int value first; anything else whatever equals it.
  const byKey = new Map<string, unknown>();
  const typed = new Map<string, unknown>();
  for (const value of values) {
    const key = scalarEqualityKey(value);
    if (key === undefined) continue;
    if (!byKey.has(key)) byKey.set(key, value);
    if (!typed.has(`${typeof value}:${key}`)) typed.set(`${typeof value}:${key}`, value);
  }
  const message = `Input should be ${expectedList(values as never)}`;
  const hasInts = values.some(isIntValue);
  const hasStrings = values.some((value) => typeof value === 'string');
  return (input) => {
    const unreadable = hasStrings ? unreadableText(input) : undefined;
    if (unreadable) return unreadable;
    if (hasInts && inputKind(input) === 'int' && !fitsI64(intOf(input))) return refused('int_parsing_size', TOO_BIG);
    const key = scalarEqualityKey(input);
    if (key === undefined) return refused('literal_error', message);
    const sameType = `${typeof input}:${key}`;
    if (typed.has(sameType)) return accepted(typed.get(sameType), EXACT);
    return byKey.has(key) ? accepted(byKey.get(key), LAX) : refused('literal_error', message);
  };
};

/**
 * An enum: a str enum reads a string (or UTF-8 bytes), an int enum an int as the int validator
 * reads one, any other enum looks the input up as Python compares; the value is the member's value.
 */
const enumValidator = (declared: EnumDeclaration): Validator => {
  const values = declared.members.map((member) => member.value);
  const lookUp = literalValidator(values);
  const message = `Input should be ${expectedList(values)}`;
  const fail = (): Outcome => refused('enum', message);
  return (input) => {
    let candidate: unknown = input;
    // A str enum reads the text as UTF-8 first; an int enum just finds no member.
    const unreadable = declared.base === 'str' ? unreadableText(input) : undefined;
    if (unreadable) return unreadable;
    if (declared.base === 'str') {
      const text = validateStr(input);
      if (text.status === 'refused') return fail();
      candidate = text.value;
    } else if (declared.base === 'int') {
      const int = validateInt(input);
      if (int.status === 'refused') return fail();
      // The lookup refuses the int the text was read as.
      if (!fitsI64(BigInt(int.value as number))) return { status: 'refused', issues: [{ type: 'int_parsing_size', msg: TOO_BIG, loc: [], input: int.value }] };
      candidate = int.value;
    }
    const found = lookUp(candidate);
    if (found.status === 'accepted') return accepted(found.value, LAX);
    return found.issues[0]?.type === 'int_parsing_size' ? found : fail();
  };
};

/**
 * Validators built from one declaration, following pydantic's lax mode, each giving the value's
 * JSON dump. Models are built once and may refer to themselves.
 */
export class Compiler {
  private readonly models = new Map<string, Validator>();
  private readonly byNameModels = new Map<string, Validator>();
  private readonly compiled = new WeakMap<TypeExpr, Validator>();

  /** `declaredNumbers`: inputs come from a declaration's text, where a whole number is an int. */
  constructor(
    readonly declaration: Declaration,
    private readonly declaredNumbers = false,
  ) {}

  /** The validator of a model whose fields are given by Python name (`$model` values). */
  modelByName(name: string): Validator {
    return this.model(name, true);
  }

  model(name: string, byName = false): Validator {
    const cache = byName ? this.byNameModels : this.models;
    const cached = cache.get(name);
    if (cached !== undefined) return cached;
    const model = this.declaration.models?.find((item) => item.name === name);
    if (model === undefined) throw new NotSupportedError(`model ${name} is not declared`, { code: 'VALIDATOR_MODEL_NOT_DECLARED' });
    const validator = placed(modelValidator({ declaration: this.declaration, model, validatorOf: (expr) => this.validator(expr), byName }));
    cache.set(name, validator);
    return validator;
  }

  validator(expr: TypeExpr): Validator {
    let validator = this.compiled.get(expr);
    if (validator === undefined) {
      validator = placed(this.compile(expr));
      this.compiled.set(expr, validator);
    }
    return validator;
  }

  private compile(expr: TypeExpr): Validator {
    if (UNSUPPORTED_TYPES.has(expr.type)) {
      throw new UnsupportedTypeError(`the TypeScript validator does not read ${expr.type} values`, { code: 'VALIDATOR_TYPE_UNSUPPORTED' });
    }
    const c = expr.constraints;
    const of = (inner: TypeExpr | undefined): Validator => (inner === undefined ? ANY : this.validator(inner));
    switch (expr.type) {
      case 'any':
        return ANY;
      case 'none':
        return validateNone;
      case 'bool':
        return validateBool;
      case 'int':
        return c ? withConstraints(validateInt, (v) => checkNumber(v, c)) : validateInt;
      case 'float':
        return c ? withConstraints(validateFloat, (v) => checkNumber(v, c, true)) : validateFloat;
      case 'decimal':
        return c ? withConstraints(validateDecimal, (v) => checkNumber(Number(v), c)) : validateDecimal;
      case 'str':
        return c ? withConstraints(validateStr, (v) => checkString(v as string, c)) : validateStr;
      case 'bytes':
        return c ? withConstraints(validateBytes, (v) => checkBytes(v as RawBytes, c)) : validateBytes;
      case 'uuid':
        return validateUuid;
      case 'datetime':
        return validateDatetime;
      case 'date':
        return validateDate;
      case 'time':
        return validateTime;
      case 'timedelta':
        return this.declaredNumbers ? validateDeclaredTimedelta : validateTimedelta;
      case 'list':
        return sequenceValidator('List', of(expr.items), c);
      case 'set':
      case 'frozenset':
        return setValidator(expr.type === 'frozenset', of(expr.items), c);
      case 'tuple':
        return expr.variadic === true ? sequenceValidator('Tuple', of(expr.items[0]), c) : tupleValidator(expr.items.map(of), c);
      case 'dict':
        return dictValidator(of(expr.keys), of(expr.values), c);
      case 'literal':
        return literalValidator(expr.values);
      case 'enum': {
        const declared = this.declaration.enums?.find((item) => item.name === expr.name);
        if (declared === undefined) throw new NotSupportedError(`enum ${expr.name} is not declared`, { code: 'VALIDATOR_ENUM_NOT_DECLARED' });
        return enumValidator(declared);
      }
      case 'model':
        return this.model(expr.name);
      case 'union':
        if (expr.discriminator !== undefined) {
          return taggedUnionValidator(this.declaration, expr, expr.discriminator, (name) => this.validator({ type: 'model', name }));
        }
        return this.union(expr.members);
      default:
        throw new UnsupportedTypeError(`the TypeScript validator does not read ${expr.type} values`, { code: 'VALIDATOR_TYPE_UNSUPPORTED' });
    }
  }

  // Optional[X] is X that also takes None; a union of several other members is a smart union.
  private union(members: readonly TypeExpr[]): Validator {
    const flat = flatten(members);
    const others = flat.filter((member) => member.type !== 'none');
    const inner =
      others.length === 1 ? this.validator(others[0]!) : unionValidator(others.map((m) => [typeLabel(m, this.declaration), this.validator(m)] as const));
    if (others.length === flat.length) return inner;
    return (input) => (input === null ? accepted(null, EXACT) : inner(input));
  }
}

const flatten = (members: readonly TypeExpr[]): TypeExpr[] =>
  members.flatMap((member) => (isSplicedUnion(member) ? flatten(member.members) : [member]));
