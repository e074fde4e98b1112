import { ChatMessage } from '../chat/chatMessage.js';
import { TypeScriptFunction } from '../functions/functionDescriptor.js';
import { isPlainObject, objectEntries, PyFloat, type PyJson, type PyJsonObject } from '../json/pyJson.js';
import { pyStr } from '../python/pyRepr.js';
import { pyTypeName } from '../python/pyTypeName.js';
import type { Prompt } from '../resources/prompt.js';
import { ResourceType } from '../resources/resourceType.js';
import type { ActionFunction } from './actionFunction.js';
import { ChatRequestEvent, OutputEvent, type ChatResponseEvent, type InputEvent } from './events.js';
import { InvalidStateError } from './internalSubagentCalls.js';

/** The module the ReAct agent's actions are named under in plans (upstream's `agents` package). */
export const AGENTS_MODULE = 'agentparity/agents';

const isPrimitive = (value: PyJson): boolean =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean' || value instanceof PyFloat;

const fieldsOf = (value: PyJson): Map<string, PyJson> | undefined => {
  if (value instanceof Map) return value as Map<string, PyJson>;
  if (isPlainObject(value)) return new Map(objectEntries(value as PyJsonObject));
  return undefined;
};

// `{name}` takes the field's text; a placeholder no field fills stays as written.
const fill = (template: string, fields: ReadonlyMap<string, PyJson>): string =>
  template.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => (fields.has(name) ? pyStr(fields.get(name)!) : whole));

const promptMessages = (prompt: Prompt, fields: ReadonlyMap<string, PyJson>): ChatMessage[] =>
  prompt.messages !== null ? prompt.messages.map((m) => new ChatMessage(m.role, fill(m.content, fields))) : [new ChatMessage('user', fill(prompt.text ?? '', fields))];

/**
 * The user messages of a ReAct agent's input (upstream `start_action`): with a prompt, its
 * messages filled from the input's fields (a primitive input is the field `input`); without
 * one, a primitive input's text, or the value of an object whose only key is `input`. Any other
 * input without a prompt is refused in upstream's words.
 */
export const reactUserMessages = (input: PyJson, prompt: Prompt | null): ChatMessage[] => {
  const fields = fieldsOf(input);
  if (prompt !== null) return promptMessages(prompt, fields ?? new Map([['input', input]]));
  if (isPrimitive(input)) return [new ChatMessage('user', pyStr(input))];
  if (fields !== undefined && fields.size === 1 && fields.has('input')) return [new ChatMessage('user', pyStr(fields.get('input')!))];
  throw new InvalidStateError(`Input type is <class '${pyTypeName(input)}'>, which is not primitive types. User should provide prompt to help convert it to ChatMessage.`, { code: 'REACT_INPUT_NOT_PRIMITIVE' });
};

/** Asks the chat model the configuration names (`chat_model`) with the input's user messages; `user_prompt` names the prompt resource, if any. */
export const reactStartAction: ActionFunction = (event, ctx) => {
  const promptName = ctx.getActionConfigValue('user_prompt');
  const prompt = typeof promptName === 'string' ? (ctx.getResource(promptName, ResourceType.PROMPT) as Prompt) : null;
  const messages = reactUserMessages((event as InputEvent).input, prompt);
  ctx.sendEvent(new ChatRequestEvent({ model: String(ctx.getActionConfigValue('chat_model')), messages }));
};

/** Outputs the final answer of the ReAct loop. */
export const reactStopAction: ActionFunction = (event, ctx) => {
  ctx.sendEvent(new OutputEvent((event as ChatResponseEvent).response.content as PyJson));
};

export const REACT_START_ACTION = new TypeScriptFunction(AGENTS_MODULE, 'ReActAgent.startAction', reactStartAction);
export const REACT_STOP_ACTION = new TypeScriptFunction(AGENTS_MODULE, 'ReActAgent.stopAction', reactStopAction);
