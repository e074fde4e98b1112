import type { ToolCallMode } from '../../../src/actions/toolCallAction.js';
import { asObject } from '../../../src/chat/chatMessage.js';
import type { ScriptedConnection } from '../../../src/chat/scriptedConnection.js';
import type { PyJson } from '../../../src/json/pyJson.js';
import { ResourceType } from '../../../src/resources/resourceType.js';
import { defaultRegistry } from '../../../src/plan/defaultRegistry.js';
import { AgentResources } from '../../../src/runner/agentResources.js';
import { isCancellation } from '../../../src/runtime/cancellation.js';
import { ASK_CHAT_MODEL, REPLY_WITH_CHAT_RESPONSE } from '../../../src/runtime/chatAgentActions.js';
import { EVENT_TYPES, ToolResponseEvent } from '../../../src/runtime/events.js';
import { LocalRunner, type InputRun } from '../../../src/runner/localRunner.js';
import { MemoryStore } from '../../../src/runtime/memoryStore.js';
import { responseAttributes } from './dispatch.js';
import type { OpOutcome, ProtocolCase } from './index.js';
import { buildWorld, errorResult, isReportedFailure, messageSummary, runSummary } from './scripted/world.js';

/**
 * Op `run_agent`: an agent answering each input through a scripted chat model in the local
 * runner. Result `{runs, log, model_requests, tool_responses}`, `{error}` when setting up fails,
 * or `{cancelled, log}` when a cancellation stopped the run.
 */
export const runAgent = async (testCase: ProtocolCase): Promise<OpOutcome> => {
  const { world, agent, declaration } = buildWorld(testCase.declaration);
  const spec = asObject(declaration.get('agent') ?? new Map(), 'declaration.agent');
  const model = spec.get('chat_model');
  if (typeof model !== 'string') throw new Error('declaration.agent.chat_model must name a chat model');
  const config = new Map<string, PyJson>([['chat_model', model]]);
  const systemPrompt = spec.get('system_prompt');
  if (typeof systemPrompt === 'string') config.set('system_prompt', systemPrompt);
  agent.addAction('ask_chat_model', [EVENT_TYPES.input], ASK_CHAT_MODEL, config);
  agent.addAction('reply_with_chat_response', [EVENT_TYPES.chatResponse], REPLY_WITH_CHAT_RESPONSE);
  const input = asObject(testCase.input ?? new Map(), 'input');
  const runner = new LocalRunner(agent, { store: new MemoryStore(), toolCallMode: ((input.get('mode') as string | undefined) ?? 'serial') as ToolCallMode });
  let runs: InputRun[];
  try {
    runs = await runner.run((input.get('inputs') ?? []) as PyJson[]);
  } catch (error) {
    if (isCancellation(error)) return { result: new Map<string, PyJson>([['cancelled', true], ['log', world.log]]) };
    if (!isReportedFailure(error)) throw error;
    return { result: errorResult(error) };
  }
  const connection = AgentResources.ofAgent(agent, defaultRegistry).get(`${model}-connection`, ResourceType.CHAT_MODEL_CONNECTION) as ScriptedConnection;
  const toolResponses = runs.flatMap((run) => run.trace.filter((e): e is ToolResponseEvent => e instanceof ToolResponseEvent).map(responseAttributes));
  return {
    result: new Map<string, PyJson>([
      ['runs', runs.map(runSummary)],
      ['log', world.log],
      [
        'model_requests',
        connection.requests.map(
          (r) =>
            new Map<string, PyJson>([
              ['messages', r.messages.map(messageSummary)],
              ['tools', r.tools.map((t) => ((t as Map<string, PyJson>).get('function') as Map<string, PyJson>).get('name') as string)],
            ]),
        ),
      ],
      ['tool_responses', toolResponses],
    ]),
  };
};
