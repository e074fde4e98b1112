// `agentparity/tools`: the tool classes plans name.
export { FunctionTool } from '../index.js';
