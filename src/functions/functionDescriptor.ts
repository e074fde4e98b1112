import type { PyJson } from '../json/pyJson.js';

/** The language a function or class is written in, as a plan names it. */
export type Language = 'python' | 'java' | 'typescript';

/**
 * A function named by where it lives, never by a reference to it: plans carry these, and
 * reading a plan never loads what they name. Each language has its own kind (`func_type`).
 */
export type FunctionDescriptor = PythonFunction | JavaFunction | TypeScriptFunction;

export class PythonFunction {
  static readonly funcType = 'PythonFunction';
  readonly language = 'python';
  constructor(
    readonly module: string,
    readonly qualname: string,
  ) {}

  toJSON(): Map<string, PyJson> {
    return new Map<string, PyJson>([
      ['func_type', PythonFunction.funcType],
      ['module', this.module],
      ['qualname', this.qualname],
    ]);
  }
}

export class JavaFunction {
  static readonly funcType = 'JavaFunction';
  readonly language = 'java';
  constructor(
    /** The fully qualified name of the declaring class. */
    readonly qualname: string,
    readonly methodName: string,
    readonly parameterTypes: readonly string[],
  ) {}

  toJSON(): Map<string, PyJson> {
    return new Map<string, PyJson>([
      ['func_type', JavaFunction.funcType],
      ['qualname', this.qualname],
      ['method_name', this.methodName],
      ['parameter_types', [...this.parameterTypes]],
    ]);
  }
}

/** Any function, compared by identity only until a caller states its signature. */
export type Implementation = (...args: never[]) => unknown;

/**
 * A TypeScript function: `module` is a module specifier, `qualname` the export path inside it.
 * Declared in this process, it also carries its `implementation`, so that the agent it belongs to
 * can run; read from a plan, it is only named (reading a plan never loads a module).
 */
export class TypeScriptFunction<F extends Implementation = Implementation> {
  static readonly funcType = 'TypeScriptFunction';
  readonly language = 'typescript';
  constructor(
    readonly module: string,
    readonly qualname: string,
    readonly implementation?: F,
  ) {}

  toJSON(): Map<string, PyJson> {
    return new Map<string, PyJson>([
      ['func_type', TypeScriptFunction.funcType],
      ['module', this.module],
      ['qualname', this.qualname],
    ]);
  }
}

/** A function as messages name it: `module:qualname`, or `Class#method` for Java. */
export const functionText = (f: FunctionDescriptor): string =>
  f instanceof JavaFunction ? `${f.qualname}#${f.methodName}` : `${f.module}:${f.qualname}`;
