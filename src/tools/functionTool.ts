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
  ) {
    super();
  }

  toJSON(): Map<string, PyJson> {
    return new Map<string, PyJson>([
      ['name', this.name],
      ['metadata', this.metadata?.toJSON() ?? null],
      ['func', this.func.toJSON()],
    ]);
  }
}
