import type { PyJson } from '../json/pyJson.js';

/** The function behind a tool: the model's arguments in, the return value out (sync or async). */
export type ToolFunction = (args: ReadonlyMap<string, PyJson>) => unknown;

/** A tool the local runtime can call: its name, what the model is told about it, and the function. */
export class LocalTool {
  readonly toolType = 'function';
  constructor(
    readonly name: string,
    readonly description: string,
    /** The JSON Schema of the arguments, kept exactly as declared. */
    readonly parameters: PyJson,
    private readonly fn: ToolFunction,
  ) {}

  call(args: ReadonlyMap<string, PyJson>): unknown {
    return this.fn(args);
  }
}

/** Anything registered as a TOOL that can be called. */
export interface CallableTool {
  readonly name: string;
  call(args: ReadonlyMap<string, PyJson>): unknown;
}

export const isCallableTool = (resource: unknown): resource is CallableTool =>
  typeof resource === 'object' && resource !== null && typeof (resource as { call?: unknown }).call === 'function';
