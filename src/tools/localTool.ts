import type { PyJson } from '../json/pyJson.js';
import { Tool } from './tool.js';
import { ToolMetadata } from './toolMetadata.js';

/** The function behind a tool: the model's arguments in, the return value out (sync or async). */
export type ToolFunction = (args: ReadonlyMap<string, PyJson>) => unknown;

/** Anything registered as a TOOL that can be called. */
export interface CallableTool {
  readonly name: string;
  call(args: ReadonlyMap<string, PyJson>): unknown;
}

/**
 * A tool the local runtime can call: a function with what the model is told about it. Dispatch
 * runs it through durable execution and renders its return value (reference §5.3).
 */
export class LocalTool extends Tool implements CallableTool {
  readonly toolType = 'function';
  readonly metadata: ToolMetadata;

  constructor(
    readonly name: string,
    description: string,
    /** The JSON Schema of the arguments, kept exactly as declared. */
    parameters: PyJson,
    private readonly fn: ToolFunction,
  ) {
    super();
    this.metadata = new ToolMetadata(name, description, parameters);
  }

  call(args: ReadonlyMap<string, PyJson>): unknown {
    return this.fn(args);
  }

  toJSON(): Map<string, PyJson> {
    return new Map<string, PyJson>([
      ['name', this.name],
      ['metadata', this.metadata.toJSON()],
    ]);
  }
}

export const isCallableTool = (resource: unknown): resource is CallableTool =>
  typeof resource === 'object' && resource !== null && typeof (resource as { call?: unknown }).call === 'function';
