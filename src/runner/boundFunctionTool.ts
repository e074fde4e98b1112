import type { PyJson } from '../json/pyJson.js';
import { FunctionTool, type ToolFunction } from '../tools/functionTool.js';

/**
 * A function tool read from a plan, called through the function the runner binds to it (one of its
 * named functions, or a refusal that says where in the plan the tool is). It is described and
 * written as the tool it stands for.
 */
export class BoundFunctionTool extends FunctionTool {
  constructor(
    tool: FunctionTool,
    private readonly bound: ToolFunction,
  ) {
    super(tool.name, tool.func, tool.metadata, tool.injectedArgs);
  }

  override call(args: ReadonlyMap<string, PyJson>): unknown {
    return this.bound(args);
  }
}
