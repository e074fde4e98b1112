import { describe, expect, it } from 'vitest';
import { buildWorld } from '../../../conformance/serve/ops/scripted/world.js';
import { processToolRequest } from '../../../src/actions/toolCallAction.js';
import { parseYaml } from '../../../src/json/parseYaml.js';
import type { PyJson } from '../../../src/json/pyJson.js';
import { ToolRequestEvent, ToolResponseEvent, type Event } from '../../../src/runtime/events.js';
import type { ExecutionReport } from '../../../src/runtime/executionReport.js';
import { Agent } from '../../../src/plan/agent.js';
import { ResourceType } from '../../../src/resources/resourceType.js';
import { defaultRegistry } from '../../../src/plan/defaultRegistry.js';
import { AgentResources } from '../../../src/runner/agentResources.js';
import { MemoryStore } from '../../../src/runtime/memoryStore.js';
import { ActionContext, SessionIds } from '../../../src/runtime/runnerContext.js';
import { SubagentSetup } from '../../../src/subagent/subagentSetup.js';
import { obj } from '../../helpers/tree.js';

const contextFor = (agent: Agent, store = new MemoryStore()) => {
  const sent: Event[] = [];
  const reports: ExecutionReport[] = [];
  const ctx = new ActionContext({ resources: AgentResources.ofAgent(agent, defaultRegistry), store, scope: 'run/0', sessions: new SessionIds('run'), emit: (e) => sent.push(e), onReport: (r) => reports.push(r) });
  return { ctx, sent, reports };
};
const call = (id: string, name: string, args: unknown = {}) => obj({ id, name, arguments: args });

describe('actions/toolCallAction', () => {
  it('reports a resolved delegation under the SUBAGENT scope, with ordered UTC timestamps', async () => {
    const { agent } = buildWorld(parseYaml(`subagents:\n  - {name: reviewer, input_schema: '{"type":"object"}', behaviour: {returns: done, wait_ms: 5}}\n`));
    const { ctx, reports } = contextFor(agent);
    await processToolRequest(new ToolRequestEvent('m', [call('c1', '_subagent_reviewer')]), ctx, 'serial');
    expect(reports.map((r) => [r.scope, r.name, r.status])).toEqual([
      ['SUBAGENT', 'reviewer', 'created'],
      ['SUBAGENT', 'reviewer', 'started'],
      ['SUBAGENT', 'reviewer', 'succeeded'],
    ]);
    for (const report of reports) expect(report.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Date.parse(reports[2]!.at)).toBeGreaterThanOrEqual(Date.parse(reports[1]!.at));
  });

  it('keeps an unresolved prefixed name in the TOOL scope, failed with its category', async () => {
    const { ctx, reports } = contextFor(new Agent());
    await processToolRequest(new ToolRequestEvent('m', [call('c1', '_subagent_ghost')]), ctx, 'serial');
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ scope: 'TOOL', name: '_subagent_ghost', status: 'failed', category: 'TOOL_CALL_FAILED' });
  });

  it('fails a delegation to a setup that cannot submit, as Python attribute lookup would', async () => {
    const agent = new Agent().addResource('plain', ResourceType.AGENT, new SubagentSetup({ inputSchema: '{"type":"object"}' }));
    const { ctx, sent } = contextFor(agent);
    await processToolRequest(new ToolRequestEvent('m', [call('c1', '_subagent_plain')], 'req'), ctx, 'serial');
    const event = sent[0] as ToolResponseEvent;
    expect(event).toBeInstanceOf(ToolResponseEvent);
    expect(event.requestId).toBe('req');
    expect(event.error.get('c1')).toBe("'SubagentSetup' object has no attribute 'submit'");
  });

  it('records each tool call durably and replays it without calling again', async () => {
    const store = new MemoryStore();
    const declaration = parseYaml(`tools:\n  - {name: lookup, behaviour: {returns: {id: 7}}}\n`);
    const first = buildWorld(declaration);
    const run = contextFor(first.agent, store);
    await processToolRequest(new ToolRequestEvent('m', [call('c1', 'lookup')]), run.ctx, 'serial');
    const again = buildWorld(declaration);
    const replay = contextFor(again.agent, store);
    await processToolRequest(new ToolRequestEvent('m', [call('c1', 'lookup')]), replay.ctx, 'serial');
    expect(first.world.log).toEqual(['call:lookup']);
    expect(again.world.log).toEqual([]);
    expect((replay.sent[0] as ToolResponseEvent).responses.get('c1')).toBe('{"id": 7}');
    expect(store.keys()).toEqual(['run/0/0']);
  });

  it('hands the arguments over as a copy, so the request is left as the model sent it', async () => {
    const { agent, world } = buildWorld(parseYaml(`subagents:\n  - {name: a, input_schema: '{"type":"object"}', behaviour: {returns: ok}}\n`));
    const args = obj({ prompt: 'x' });
    const { ctx } = contextFor(agent);
    await processToolRequest(new ToolRequestEvent('m', [call('c1', '_subagent_a', args)]), ctx, 'serial');
    const received = world.prompts[0]?.[1] as Map<string, PyJson>;
    expect(received).toEqual(args);
    expect(received).not.toBe(args);
  });
});
