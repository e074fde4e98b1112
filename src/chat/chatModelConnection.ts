import type { PyJson } from '../json/pyJson.js';
import type { ChatMessage } from './chatMessage.js';

/**
 * A model endpoint. `tools` are the callables in the OpenAI function-tool shape
 * (`{"type": "function", "function": {name, description, parameters}}`); the answer is the
 * assistant message, with tool calls in the upstream nested layout.
 */
export interface ChatModelConnection {
  chat(model: string, messages: readonly ChatMessage[], tools: readonly PyJson[]): Promise<ChatMessage>;
}
