import { TypeValidationError, untraced } from '../errors.js';
import type { PyJson } from '../json/pyJson.js';
import type { DeclaredType } from '../subagent/declaredType.js';
import type { Declaration, TypeExpr } from './declaration.js';
import { Compiler } from './validate/compileValidator.js';
import { validationErrorText } from './validate/errorText.js';
import { finishDump } from './validate/finishDump.js';
import type { ValidationIssue } from './validate/outcome.js';
import { typeLabel } from './validate/typeLabel.js';

export type { ValidationIssue } from './validate/outcome.js';

const compilers = new WeakMap<Declaration, Compiler>();

/** The validators of a declaration, built once per declaration object. */
export const compilerFor = (declaration: Declaration): Compiler => {
  let compiler = compilers.get(declaration);
  if (compiler === undefined) {
    compiler = new Compiler(declaration);
    compilers.set(declaration, compiler);
  }
  return compiler;
};

const declaredCompilers = new WeakMap<Declaration, Compiler>();

/** The validators of values written in a declaration (instance defaults), where a whole number is an int. */
export const declaredCompilerFor = (declaration: Declaration): Compiler => {
  let compiler = declaredCompilers.get(declaration);
  if (compiler === undefined) {
    compiler = new Compiler(declaration, true);
    declaredCompilers.set(declaration, compiler);
  }
  return compiler;
};

/** A pydantic location in the upstream path syntax: `.key` for a name, `[i]` for an index. */
export const locPath = (root: string, loc: readonly (string | number)[]): string =>
  root + loc.map((part) => (typeof part === 'number' ? `[${part}]` : `.${part}`)).join('');

/**
 * A value a declared type refuses (pydantic's `ValidationError`): the message and path are those
 * of pydantic's first line error; `issues` holds them all, and `text` is what Python's
 * `str(error)` prints (every line error, each with its input and the link to its page).
 */
export class ValueValidationError extends TypeValidationError {
  readonly text: string;

  constructor(
    readonly issues: readonly ValidationIssue[],
    root: string,
    /** What pydantic names the validated type: a model's title, else its validator's name. */
    readonly title: string,
  ) {
    const first = issues[0]!;
    super(first.msg, { path: locPath(root, first.loc), code: 'VALIDATION_FAILED' });
    this.text = validationErrorText(title, issues);
  }
}

/** The title pydantic gives a type's validation errors: a model's `title` config or name, else the validator's name. */
export const validationTitle = (declaration: Declaration, expr: TypeExpr): string => {
  if (expr.type !== 'model') return typeLabel(expr, declaration);
  return declaration.models?.find((model) => model.name === expr.name)?.config?.title ?? expr.name;
};

export interface ValidateOptions {
  /** What error paths start with (`result` for a sub-agent result). */
  readonly root?: string;
}

/**
 * A value read through a declared type and dumped back to JSON form, as pydantic's
 * `TypeAdapter(T).validate_python(value)` then `.dump_python(..., mode="json")` do in lax mode:
 * fields the type does not declare are dropped, a model dumps by Python field names. Throws
 * `ValueValidationError` for a value the type refuses, a `ValueError`-kind error for bytes that
 * are not UTF-8 or a value an `Any` cannot dump, an `OverflowError`-kind error for a negative
 * duration past `timedelta.min` (raised bare, as pydantic does), and a `NotImplementedError`-kind
 * error for a type this validator does not read (URLs, callables), a computed field, or a whole
 * number of seconds a Python int and float would read apart as a duration.
 */
export const validateValue = (declared: DeclaredType, input: unknown, options: ValidateOptions = {}): PyJson => {
  const expr: TypeExpr = 'expr' in declared ? declared.expr : { type: 'model', name: declared.name };
  const outcome = compilerFor(declared.declaration).validator(expr)(input);
  if (outcome.status === 'refused') throw untraced(() => new ValueValidationError(outcome.issues, options.root ?? '', validationTitle(declared.declaration, expr)));
  return finishDump(outcome.value);
};
