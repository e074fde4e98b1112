// `agentparity/plan`: the plan classes plans name.
export { InternalSubagentSetup } from '../index.js';
