export { FunctionTool } from './functionTool.js';
export { Tool, type ToolType } from './tool.js';
export { ToolMetadata } from './toolMetadata.js';
