// `agentparity/resources`: the resource classes plans name.
export { Prompt, Skills } from '../index.js';
