// `agentparity/actions`: the module plans name for the built-in actions.
export { chatModelAction, processToolRequest, toolCallAction, type ToolCallMode } from '../index.js';
