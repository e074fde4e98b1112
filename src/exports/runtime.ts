// `agentparity/runtime`: the runtime functions plans name.
export { askChatModel, replyWithChatResponse } from '../index.js';
