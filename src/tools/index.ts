export { FunctionTool, type ToolDescription, type ToolFunction } from './functionTool.js';
export { isCallableTool, Tool, type CallableTool, type ToolType } from './tool.js';
export { ToolMetadata } from './toolMetadata.js';
