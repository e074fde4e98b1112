import { NotSupportedError } from '../errors.js';
import { functionText, TypeScriptFunction, type FunctionDescriptor } from '../functions/functionDescriptor.js';
import type { PyJson } from '../json/pyJson.js';
import { Tool, type CallableTool } from './tool.js';
import { ToolMetadata } from './toolMetadata.js';

/** The function behind a TypeScript tool: the model's arguments in, the return value out (sync or async). */
export type ToolFunction = (args: ReadonlyMap<string, PyJson>) => unknown;

/** What `FunctionTool.fromCallable` tells the model about a function. */
export interface ToolDescription {
  /** The name the tool is registered and called under; the function's `qualname` by default. */
  readonly name?: string;
  readonly description: string;
  /** The JSON Schema of the arguments, kept exactly as declared. */
  readonly argsSchema: PyJson;
}

/**
 * A tool backed by a function named by a descriptor (upstream `FunctionTool`): a plan serializes
 * it by name, and the runtime calls it. The metadata is absent when the function was only named
 * (a YAML declaration): the plan never loads a function to inspect it. Only a TypeScript function
 * declared in this process can be called; one read from a plan, or of another language, is refused
 * when called, and dispatch answers that as the tool's failure.
 */
export class FunctionTool extends Tool implements CallableTool {
  readonly toolType = 'function';
  constructor(
    readonly name: string,
    readonly func: FunctionDescriptor,
    readonly metadata: ToolMetadata | null = null,
    /** Parameters the framework fills in (`{name: {source, key}}`); the model never sees them. */
    readonly injectedArgs: ReadonlyMap<string, PyJson> = new Map(),
  ) {
    super();
  }

  /** A tool of a TypeScript function, with what the model is told about it. */
  static fromCallable(func: TypeScriptFunction<ToolFunction>, described: ToolDescription): FunctionTool {
    const name = described.name ?? func.qualname;
    return new FunctionTool(name, func, new ToolMetadata(name, described.description, described.argsSchema));
  }

  /** Calls the function with the model's arguments, as one map (TypeScript has no keyword arguments). */
  call(args: ReadonlyMap<string, PyJson>): unknown {
    const implementation = this.func instanceof TypeScriptFunction ? this.func.implementation : undefined;
    if (implementation === undefined) {
      throw new NotSupportedError(`Tool ${this.name} runs ${functionText(this.func)}, which has no implementation in this process.`, { code: 'TOOL_FUNCTION_NOT_IMPLEMENTED' });
    }
    return (implementation as ToolFunction)(args);
  }

  toJSON(): Map<string, PyJson> {
    const fields = new Map<string, PyJson>([
      ['name', this.name],
      ['metadata', this.metadata?.toJSON() ?? null],
      ['func', this.func.toJSON()],
    ]);
    if (this.injectedArgs.size > 0) fields.set('injected_args', this.injectedArgs);
    return fields;
  }
}
