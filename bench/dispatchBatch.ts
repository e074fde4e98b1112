import { execa } from 'execa';
import { buildWorld } from '../conformance/serve/ops/scripted/world.js';
import { processToolRequest, type ToolCallMode } from '../src/actions/toolCallAction.js';
import type { PyJson } from '../src/json/pyJson.js';
import { parseYaml } from '../src/json/parseYaml.js';
import { defaultRegistry } from '../src/plan/defaultRegistry.js';
import { AgentResources } from '../src/runner/agentResources.js';
import { ToolRequestEvent, type Event, type ToolResponseEvent } from '../src/runtime/events.js';
import { MemoryStore } from '../src/runtime/memoryStore.js';
import { ActionContext, SessionIds } from '../src/runtime/runnerContext.js';
import type { Benchmark } from './index.js';
import { pythonScript } from './pythonScript.js';

const AGENTS = 8;
const WAIT_MS = 200;
const REPEATS = 3;

const declaration = (): PyJson =>
  parseYaml(
    `subagents:\n${Array.from({ length: AGENTS }, (_, i) => `  - {name: a${i}, input_schema: '{"type":"object"}', behaviour: {returns: done, wait_ms: ${WAIT_MS}}}`).join('\n')}\n`,
  );

const wallMs = async (calls: number, mode: ToolCallMode): Promise<number> => {
  const { agent } = buildWorld(declaration());
  const sent: Event[] = [];
  const ctx = new ActionContext({ resources: AgentResources.ofAgent(agent, defaultRegistry), store: new MemoryStore(), scope: 'bench/0', sessions: new SessionIds('bench'), emit: (e) => sent.push(e) });
  const toolCalls = Array.from({ length: calls }, (_, i) => new Map<string, PyJson>([['id', `c${i}`], ['name', `_subagent_a${i}`], ['arguments', new Map()]]));
  const started = performance.now();
  await processToolRequest(new ToolRequestEvent('bench', toolCalls), ctx, mode);
  const elapsed = performance.now() - started;
  const response = sent[0] as ToolResponseEvent | undefined;
  if (response === undefined || [...response.success.values()].some((ok) => !ok)) throw new Error('a benchmark dispatch failed');
  return elapsed;
};

const median = async (measure: () => Promise<number>): Promise<number> => {
  const samples: number[] = [];
  for (let i = 0; i < REPEATS; i += 1) samples.push(await measure());
  return samples.sort((a, b) => a - b)[Math.floor(REPEATS / 2)] as number;
};

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/**
 * Batched dispatch of 8 sub-agents that each wait 200 ms against the slowest single call (target
 * ratio <= 1.5), and the same dispatch in serial mode for contrast, in TypeScript and in the
 * Python reference (its own script, run here so that both are measured in one run).
 */
export const dispatchBatch: Benchmark = {
  name: 'dispatch-batch',
  async run() {
    const single = await median(() => wallMs(1, 'serial'));
    const batched = await median(() => wallMs(AGENTS, 'batched'));
    const serial = await median(() => wallMs(AGENTS, 'serial'));
    const { stdout } = await execa('python3', [pythonScript('bench/dispatch_batch.py')]);
    return {
      typescript: {
        subagents: AGENTS,
        wait_ms: WAIT_MS,
        repeats: REPEATS,
        slowest_single_ms: round(single, 1),
        batched_ms: round(batched, 1),
        serial_ms: round(serial, 1),
        batched_over_single: round(batched / single, 3),
        serial_over_single: round(serial / single, 3),
        target_batched_over_single: 1.5,
      },
      python: JSON.parse(stdout) as Record<string, unknown>,
    };
  },
};
