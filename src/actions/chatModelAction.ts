import { ChatMessage } from '../chat/chatMessage.js';
import type { ChatModelSetup } from '../chat/chatModelSetup.js';
import { InvalidValueError } from '../errors.js';
import type { PyJson } from '../json/pyJson.js';
import { ResourceType } from '../resources/resourceType.js';
import type { ActionFunction } from '../runtime/actionFunction.js';
import { ChatRequestEvent, ChatResponseEvent, ToolRequestEvent, type Event, type ToolResponseEvent } from '../runtime/events.js';
import type { RunnerContext } from '../runtime/runnerContext.js';

/** A conversation waiting for its tool results: which request it answers, and the messages so far. */
interface PendingConversation {
  readonly requestId: string;
  readonly model: string;
  readonly messages: readonly ChatMessage[];
}

// Tool results join the conversation as TOOL messages, in the order the response event lists them.
const toolMessages = (event: ToolResponseEvent): ChatMessage[] =>
  [...event.responses].map(([callId, content]) => {
    const extra = new Map<string, PyJson>([['tool_call_id', callId]]);
    const externalId = event.externalIds.get(callId);
    if (typeof externalId === 'string') extra.set('external_id', externalId);
    return new ChatMessage('tool', typeof content === 'string' ? content : String(content), [], extra);
  });

/**
 * The built-in chat-model action (upstream `process_chat_request_or_tool_response`): asks the
 * model, recording its answer durably; an answer with tool calls becomes a `ToolRequestEvent` and
 * the conversation waits for the `ToolResponseEvent`, which it then hands back to the model; a
 * final answer becomes a `ChatResponseEvent` for the original request. Each call makes a fresh
 * action, whose waiting conversations belong to one run.
 */
export const chatModelAction = (): ActionFunction => {
  const pending = new Map<string, PendingConversation>();

  const ask = async (ctx: RunnerContext, conversation: PendingConversation): Promise<void> => {
    const setup = ctx.getResource(conversation.model, ResourceType.CHAT_MODEL) as ChatModelSetup;
    const answer = await ctx.durableExecuteAsync({
      name: `chat:${conversation.model}`,
      call: () => setup.chat(conversation.messages),
      encode: (message: ChatMessage) => message.toJson(),
      decode: (tree: PyJson) => ChatMessage.fromJson(tree, 'recorded chat answer'),
    });
    if (answer.toolCalls.length === 0) {
      ctx.sendEvent(new ChatResponseEvent({ requestId: conversation.requestId, response: answer }));
      return;
    }
    const request = new ToolRequestEvent(conversation.model, answer.toolCalls);
    pending.set(request.id, { ...conversation, messages: [...conversation.messages, answer] });
    ctx.sendEvent(request);
  };

  return async (event: Event, ctx: RunnerContext): Promise<void> => {
    if (event instanceof ChatRequestEvent) {
      await ask(ctx, { requestId: event.id, model: event.model, messages: event.messages });
      return;
    }
    const response = event as ToolResponseEvent;
    const conversation = pending.get(response.requestId);
    if (conversation === undefined) throw new InvalidValueError(`No conversation waits for tool request ${response.requestId}`, { code: 'TOOL_REQUEST_UNKNOWN' });
    pending.delete(response.requestId);
    await ask(ctx, { ...conversation, messages: [...conversation.messages, ...toolMessages(response)] });
  };
};
