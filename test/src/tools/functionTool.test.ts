import { describe, expect, it } from 'vitest';
import { processToolRequest } from '../../../src/actions/toolCallAction.js';
import { PythonFunction, TypeScriptFunction } from '../../../src/functions/functionDescriptor.js';
import type { PyJson } from '../../../src/json/pyJson.js';
import { Agent } from '../../../src/plan/agent.js';
import { buildPlan } from '../../../src/plan/buildPlan.js';
import { defaultRegistry } from '../../../src/plan/defaultRegistry.js';
import { readPlan } from '../../../src/plan/readPlan.js';
import type { SerializableProvider } from '../../../src/plan/resourceProvider.js';
import { writePlan } from '../../../src/plan/writePlan.js';
import { ResourceType } from '../../../src/resources/resourceType.js';
import { AgentResources } from '../../../src/runner/agentResources.js';
import { ToolRequestEvent, type Event, type ToolResponseEvent } from '../../../src/runtime/events.js';
import { MemoryStore } from '../../../src/runtime/memoryStore.js';
import { ActionContext, SessionIds } from '../../../src/runtime/runnerContext.js';
import { FunctionTool, type ToolFunction } from '../../../src/tools/functionTool.js';
import { isCallableTool } from '../../../src/tools/tool.js';
import { obj } from '../../helpers/tree.js';

const add: ToolFunction = async (args) => (args.get('a') as number) + (args.get('b') as number);
const adder = () => FunctionTool.fromCallable(new TypeScriptFunction('./math.js', 'add', add), { description: 'Adds.', argsSchema: obj({ type: 'object' }) });

const dispatchTo = async (tool: FunctionTool): Promise<ToolResponseEvent> => {
  const sent: Event[] = [];
  const resources = AgentResources.ofAgent(new Agent().addResource('add', ResourceType.TOOL, tool), defaultRegistry);
  const ctx = new ActionContext({ resources, store: new MemoryStore(), scope: 'run/0', sessions: new SessionIds('run'), emit: (e) => sent.push(e) });
  await processToolRequest(new ToolRequestEvent('m', [obj({ id: 'c1', name: 'add', arguments: { a: 2, b: 3 } })]), ctx, 'serial');
  return sent[0] as ToolResponseEvent;
};

describe('tools/functionTool', () => {
  it('is described by its metadata and called with the model arguments', async () => {
    const tool = adder();
    expect([tool.name, tool.metadata?.description, tool.metadata?.argsSchema]).toEqual(['add', 'Adds.', obj({ type: 'object' })]);
    expect(isCallableTool(tool)).toBe(true);
    expect(await tool.call(new Map<string, PyJson>([['a', 2], ['b', 3]]))).toBe(5);
  });

  it('serializes its function by name only, and is answered by dispatch through its implementation', async () => {
    expect(adder().toJSON()).toEqual(
      new Map<string, PyJson>([
        ['name', 'add'],
        ['metadata', new Map<string, PyJson>([['name', 'add'], ['description', 'Adds.'], ['args_schema', obj({ type: 'object' })]])],
        ['func', new Map<string, PyJson>([['func_type', 'TypeScriptFunction'], ['module', './math.js'], ['qualname', 'add']])],
      ]),
    );
    expect((await dispatchTo(adder())).responses.get('c1')).toBe('5');
  });

  it('refuses a call when its function is only named, and dispatch answers that as the tool failure', async () => {
    const text = writePlan(await buildPlan(new Agent().addResource('add', ResourceType.TOOL, adder())));
    const restored = (readPlan(text, { registry: defaultRegistry }).provider('tool', 'add') as SerializableProvider).resource as FunctionTool;
    const message = 'Tool add runs ./math.js:add, which has no implementation in this process.';
    expect(() => restored.call(new Map())).toThrow(message);
    expect(() => new FunctionTool('py', new PythonFunction('pkg.tools', 'add')).call(new Map())).toThrow(
      'Tool py runs pkg.tools:add, which has no implementation in this process.',
    );
    const response = await dispatchTo(restored);
    expect([response.responses.get('c1'), response.error.get('c1'), response.success.get('c1')]).toEqual([`Tool \`add\` execute failed: ${message}`, message, false]);
  });
});
