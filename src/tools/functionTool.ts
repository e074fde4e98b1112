import type { FunctionDescriptor } from '../functions/functionDescriptor.js';
import type { PyJson } from '../json/pyJson.js';
import { Tool } from './tool.js';
import type { ToolMetadata } from './toolMetadata.js';

/**
 * A tool backed by a function named by a descriptor. The metadata is absent when the function
 * was only named (a YAML declaration): the plan never loads a function to inspect it.
 */
export class FunctionTool extends Tool {
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
