import { ChatMessage } from '../chat/chatMessage.js';
import type { PyJson } from '../json/pyJson.js';
import type { Action } from './agent.js';
import { ChatRequestEvent, EVENT_TYPES, OutputEvent, type ChatResponseEvent, type InputEvent } from './events.js';

/** An action that turns each input into a chat request to `model` (with an optional system prompt). */
export const askChatModel = (model: string, systemPrompt?: string): Action => ({
  name: 'ask_chat_model',
  listensTo: [EVENT_TYPES.input],
  run: (event, ctx) => {
    const input = (event as InputEvent).input;
    const text = typeof input === 'string' ? input : String(input);
    const messages = systemPrompt === undefined ? [] : [new ChatMessage('system', systemPrompt)];
    ctx.sendEvent(new ChatRequestEvent({ model, messages: [...messages, new ChatMessage('user', text)] }));
  },
});

/** An action that outputs the content of each final chat response. */
export const replyWithChatResponse = (): Action => ({
  name: 'reply_with_chat_response',
  listensTo: [EVENT_TYPES.chatResponse],
  run: (event, ctx) => ctx.sendEvent(new OutputEvent((event as ChatResponseEvent).response.content as PyJson)),
});
