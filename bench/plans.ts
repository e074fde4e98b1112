import { parsePyJson } from '../src/json/parsePyJson.js';
import type { PyJson } from '../src/json/pyJson.js';
import { writePyJson } from '../src/json/writePyJson.js';
import { Agent } from '../src/plan/agent.js';
import { buildPlan } from '../src/plan/buildPlan.js';
import { ClassRegistry } from '../src/plan/classRegistry.js';
import { defaultRegistry } from '../src/plan/defaultRegistry.js';
import { diffPlans } from '../src/plan/diff/diffPlans.js';
import { readPlan } from '../src/plan/readPlan.js';
import { writePlan } from '../src/plan/writePlan.js';
import { PythonFunction } from '../src/functions/functionDescriptor.js';
import { ResourceDescriptor } from '../src/resources/resourceDescriptor.js';
import { ResourceType } from '../src/resources/resourceType.js';
import { SubagentSetup } from '../src/subagent/subagentSetup.js';
import { FunctionTool } from '../src/tools/functionTool.js';
import type { Benchmark } from './index.js';

// A large agent: 100 actions, 200 tools, 50 chat models, 50 sub-agents.
const sampleAgent = (): Agent => {
  const agent = new Agent('Large');
  for (let i = 0; i < 100; i++) agent.addAction(`action_${i}`, ['_input_event', `type == EventType.InputEvent && attributes.n == ${i}`], new PythonFunction('pkg.actions', `act_${i}`));
  for (let i = 0; i < 200; i++) agent.addResource(`tool_${i}`, ResourceType.TOOL, new FunctionTool(`tool_${i}`, new PythonFunction('pkg.tools', `tool_${i}`)));
  for (let i = 0; i < 50; i++) {
    const args = new Map<string, PyJson>([['connection', 'conn'], ['model', `model-${i}`], ['tools', [`tool_${i}`]], ['subagents', [`agent_${i}`]]]);
    agent.addResource(`chat_${i}`, ResourceType.CHAT_MODEL, ResourceDescriptor.fromClassPath('pkg.models.ChatModel', args, 'python'));
    agent.addResource(`agent_${i}`, ResourceType.AGENT, new SubagentSetup({ description: `Agent ${i}.`, inputSchema: '{"type": "object", "properties": {"q": {"type": "string"}}}' }));
  }
  return agent;
};

const perSecond = (iterations: number, run: () => void): number => {
  run();
  const started = performance.now();
  for (let i = 0; i < iterations; i++) run();
  return Math.round((iterations * 1000) / (performance.now() - started));
};

/** How fast plans read, write and compare, against bare lossless JSON of the same text (the floor). */
export const plansBenchmark: Benchmark = {
  name: 'plans',
  async run() {
    const plan = await buildPlan(sampleAgent());
    const text = writePlan(plan);
    const asData = new ClassRegistry();
    const jsonRoundTrips = perSecond(50, () => writePyJson(parsePyJson(text)));
    const planRoundTrips = perSecond(50, () => writePlan(readPlan(text, { registry: defaultRegistry })));
    const other = readPlan(text, { registry: asData, language: null });
    return {
      plan: { actions: plan.actions.size, resources: [...plan.resourceProviders!.values()].reduce((n, g) => n + g.size, 0), bytes: text.length },
      json_round_trips_per_second: jsonRoundTrips,
      plan_round_trips_per_second: planRoundTrips,
      plan_cost_per_json_cost: Number((jsonRoundTrips / planRoundTrips).toFixed(2)),
      diffs_per_second: perSecond(50, () => diffPlans(plan, other)),
    };
  },
};
