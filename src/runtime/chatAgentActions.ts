import { ChatMessage } from '../chat/chatMessage.js';
import { InvalidValueError } from '../errors.js';
import { TypeScriptFunction } from '../functions/functionDescriptor.js';
import type { PyJson } from '../json/pyJson.js';
import type { ActionFunction } from './actionFunction.js';
import { ChatRequestEvent, OutputEvent, type ChatResponseEvent, type InputEvent } from './events.js';
import { REACT_START_ACTION, REACT_STOP_ACTION } from './reactActions.js';

/** The module the ready-made actions are named under in plans. */
export const RUNTIME_MODULE = 'agentparity/runtime';

/**
 * Turns each input into a chat request to the chat model its configuration names
 * (`chat_model`), after the configuration's `system_prompt` when there is one.
 */
export const askChatModel: ActionFunction = (event, ctx) => {
  const model = ctx.getActionConfigValue('chat_model');
  if (typeof model !== 'string') throw new InvalidValueError('askChatModel needs the name of a chat model under "chat_model" in its configuration', { code: 'CHAT_MODEL_NAME_MISSING' });
  const systemPrompt = ctx.getActionConfigValue('system_prompt');
  const input = (event as InputEvent).input;
  const text = typeof input === 'string' ? input : String(input);
  const messages = typeof systemPrompt === 'string' ? [new ChatMessage('system', systemPrompt)] : [];
  ctx.sendEvent(new ChatRequestEvent({ model, messages: [...messages, new ChatMessage('user', text)] }));
};

/** Outputs the content of each final chat response. */
export const replyWithChatResponse: ActionFunction = (event, ctx) => {
  ctx.sendEvent(new OutputEvent((event as ChatResponseEvent).response.content as PyJson));
};

/** `askChatModel` as an agent's action runs it (listening to `_input_event`, configured with `chat_model`, `system_prompt`). */
export const ASK_CHAT_MODEL = new TypeScriptFunction(RUNTIME_MODULE, 'askChatModel', askChatModel);

/** `replyWithChatResponse` as an agent's action runs it (listening to `_chat_response_event`). */
export const REPLY_WITH_CHAT_RESPONSE = new TypeScriptFunction(RUNTIME_MODULE, 'replyWithChatResponse', replyWithChatResponse);

/** The ready-made actions, which a runner finds by name when a plan read from JSON names them. */
export const READY_MADE_ACTIONS: readonly TypeScriptFunction<ActionFunction>[] = [
  ASK_CHAT_MODEL,
  REPLY_WITH_CHAT_RESPONSE,
  REACT_START_ACTION,
  REACT_STOP_ACTION,
];
