// `agentparity/chat`: the chat model classes plans name.
export { ChatModelSetup, OpenAiConnection, ScriptedConnection } from '../index.js';
