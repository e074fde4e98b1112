import type { PyJson } from '../json/pyJson.js';
import { ResourceType } from '../resources/resourceType.js';
import type { ToolMetadata } from './toolMetadata.js';

/** Where a tool comes from (upstream `ToolType`; wire values lower-case). */
export type ToolType = 'model_built_in' | 'function' | 'remote_function' | 'mcp';

/** A resource of type TOOL: something a chat model may call by name. */
export abstract class Tool {
  readonly resourceType = ResourceType.TOOL;
  abstract readonly toolType: ToolType;
  abstract readonly metadata: ToolMetadata | null;
  /** The name the tool is registered and called under. */
  abstract readonly name: string;
  /** The tool's fields as a plan serializes them. */
  abstract toJSON(): Map<string, PyJson>;
}

/** Anything registered as a TOOL that dispatch can call: the model's arguments in, the return value out (sync or async). */
export interface CallableTool {
  readonly name: string;
  call(args: ReadonlyMap<string, PyJson>): unknown;
}

export const isCallableTool = (resource: unknown): resource is CallableTool =>
  typeof resource === 'object' && resource !== null && typeof (resource as { call?: unknown }).call === 'function';
