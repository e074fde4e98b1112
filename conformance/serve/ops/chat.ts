import { callableSpec } from '../../../src/chat/buildCallables.js';
import { asObject, ChatMessage } from '../../../src/chat/chatMessage.js';
import { ChatModelSetup } from '../../../src/chat/chatModelSetup.js';
import type { ScriptedConnection } from '../../../src/chat/scriptedConnection.js';
import type { PyJson } from '../../../src/json/pyJson.js';
import { ResourceType } from '../../../src/resources/resourceType.js';
import { defaultRegistry } from '../../../src/plan/defaultRegistry.js';
import { AgentResources } from '../../../src/runner/agentResources.js';
import type { OpOutcome, ProtocolCase } from './index.js';
import { buildWorld, errorResult, isReportedFailure, messageSummary } from './scripted/world.js';

const messagesOf = (source: PyJson): ChatMessage[] => {
  if (!Array.isArray(source)) throw new Error('input.messages must be a list of {role, content}');
  return source.map((m, i) => {
    const message = asObject(m as PyJson, `input.messages[${i}]`);
    return ChatMessage.fromJson(new Map([['role', message.get('role') ?? null], ['content', message.get('content') ?? '']]), `input.messages[${i}]`);
  });
};

/** Op `open_chat_model`: input `{model, opens?, messages?}`; result `{callables, callable_names, sent?}` or `{error}`. */
export const openChatModel = async (testCase: ProtocolCase): Promise<OpOutcome> => {
  const resources = AgentResources.ofAgent(buildWorld(testCase.declaration, true).agent, defaultRegistry);
  const input = asObject(testCase.input ?? new Map(), 'input');
  const setup = resources.get(String(input.get('model')), ResourceType.CHAT_MODEL) as ChatModelSetup;
  const opens = (input.get('opens') as number | undefined) ?? 1;
  const result = new Map<string, PyJson>();
  try {
    for (let i = 0; i < opens; i += 1) setup.open((name, type) => resources.get(name, type));
    result.set('callables', setup.toolSpecs());
    result.set('callable_names', setup.callables.map((c) => callableSpec(c).name));
  } catch (error) {
    if (!isReportedFailure(error)) throw error;
    return { result: errorResult(error) };
  }
  if (input.has('messages')) {
    await setup.chat(messagesOf(input.get('messages') as PyJson));
    const connection = resources.get(setup.connectionName, ResourceType.CHAT_MODEL_CONNECTION) as ScriptedConnection;
    const request = connection.requests.at(-1);
    result.set(
      'sent',
      new Map<string, PyJson>([
        ['messages', (request?.messages ?? []).map(messageSummary)],
        ['tools', (request?.tools ?? []).map((t) => ((t as Map<string, PyJson>).get('function') as Map<string, PyJson>).get('name') as string)],
      ]),
    );
  }
  return { result };
};
