// `agentparity/subagent`: the sub-agent setups plans name.
export { FunctionSubagentSetup, HttpSubagentSetup, SubagentSetup } from '../index.js';
