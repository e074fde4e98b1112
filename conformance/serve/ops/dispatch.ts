import { processToolRequest, type ToolCallMode } from '../../../src/actions/toolCallAction.js';
import { asObject } from '../../../src/chat/chatMessage.js';
import type { PyJson } from '../../../src/json/pyJson.js';
import { defaultRegistry } from '../../../src/plan/defaultRegistry.js';
import { AgentResources } from '../../../src/runner/agentResources.js';
import { isCancellation } from '../../../src/runtime/cancellation.js';
import { ToolRequestEvent, type Event, type ToolResponseEvent } from '../../../src/runtime/events.js';
import type { ExecutionReport } from '../../../src/runtime/executionReport.js';
import { MemoryStore } from '../../../src/runtime/memoryStore.js';
import { ActionContext, SessionIds } from '../../../src/runtime/runnerContext.js';
import type { OpOutcome, ProtocolCase } from './index.js';
import { buildWorld } from './scripted/world.js';

/** A tool response's attributes without the request id (which names an event of this process). */
export const responseAttributes = (event: ToolResponseEvent): Map<string, PyJson> => {
  const attributes = event.attributes();
  attributes.delete('request_id');
  return attributes;
};

/**
 * Op `dispatch`: input `{mode: serial|batched, tool_calls}`; result `{sent, cancelled?, event?,
 * log, prompts, durable_executions, reports}` (docs/internals.md).
 */
export const dispatch = async (testCase: ProtocolCase): Promise<OpOutcome> => {
  const { world, agent } = buildWorld(testCase.declaration);
  const input = asObject(testCase.input ?? new Map(), 'input');
  const mode = input.get('mode') ?? 'serial';
  if (mode !== 'serial' && mode !== 'batched') throw new Error(`input.mode must be serial or batched, not ${String(mode)}`);
  const sent: Event[] = [];
  const reports: ExecutionReport[] = [];
  const ctx = new ActionContext({
    resources: AgentResources.ofAgent(agent, defaultRegistry),
    store: new MemoryStore(),
    scope: 'dispatch/0',
    sessions: new SessionIds('dispatch'),
    emit: (event) => sent.push(event),
    onReport: (report) => reports.push(report),
  });
  const request = new ToolRequestEvent('scripted', (input.get('tool_calls') ?? []) as PyJson[], 'request-1');
  let cancelled = false;
  try {
    await processToolRequest(request, ctx, mode as ToolCallMode);
  } catch (error) {
    if (!isCancellation(error)) throw error;
    cancelled = true;
  }
  const result = new Map<string, PyJson>([['sent', sent.length > 0]]);
  if (cancelled) result.set('cancelled', true);
  if (sent.length > 0) result.set('event', responseAttributes(sent[0] as ToolResponseEvent));
  result.set('log', world.log);
  result.set('prompts', world.prompts);
  result.set('durable_executions', ctx.durableExecutions);
  result.set('reports', reports.map((r) => [r.scope, r.name, r.status]));
  return { result };
};
