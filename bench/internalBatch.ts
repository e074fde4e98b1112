import { execa } from 'execa';
import { TypeScriptFunction } from '../src/functions/functionDescriptor.js';
import type { PyJson } from '../src/json/pyJson.js';
import { Agent } from '../src/plan/agent.js';
import { AgentConfiguration } from '../src/plan/agentPlan.js';
import { buildPlan } from '../src/plan/buildPlan.js';
import type { InternalSubagentSetup } from '../src/plan/internalSubagentSetup.js';
import { ResourceType } from '../src/resources/resourceType.js';
import type { ActionFunction } from '../src/runtime/actionFunction.js';
import { EVENT_TYPES, OutputEvent, type InputEvent } from '../src/runtime/events.js';
import { MemoryStore } from '../src/runtime/memoryStore.js';
import { LocalRunner } from '../src/runner/localRunner.js';
import { SubagentFutures } from '../src/subagent/subagentFutures.js';
import type { Benchmark } from './index.js';
import { pythonScript } from './pythonScript.js';

const CALLS = 1000;
const WAIT_MS = 2;
const PARALLELISM = 16;

const fn = (name: string, run: ActionFunction) => new TypeScriptFunction('bench/internalBatch', name, run);

// A child that waits, then outputs its input; a parent that submits CALLS calls as one batch.
const parent = (): Agent => {
  const child = new Agent('Worker').addAction('work', [EVENT_TYPES.input], fn('work', async (event, ctx) => {
    await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
    ctx.sendEvent(new OutputEvent((event as InputEvent).input));
  }));
  return new Agent('Fan').addResource('worker', ResourceType.AGENT, child).addAction('fan', [EVENT_TYPES.input], fn('fan', async (_event, ctx) => {
    const setup = ctx.getResource('worker', ResourceType.AGENT) as InternalSubagentSetup;
    const results = await new SubagentFutures(...Array.from({ length: CALLS }, (_, i) => setup.submit(ctx, i)));
    ctx.sendEvent(new OutputEvent(results.filter((r) => r.success).length));
  }));
};

const wallMs = async (parallelism: number): Promise<number> => {
  const config = new AgentConfiguration(new Map<string, PyJson>([['subagent.parallelism', parallelism]]));
  const runner = new LocalRunner(await buildPlan(parent(), { config }), { store: new MemoryStore() });
  const started = performance.now();
  const [run] = await runner.run([0]);
  const elapsed = performance.now() - started;
  if (run?.outputs[0] !== CALLS) throw new Error('a benchmark call failed');
  return elapsed;
};

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/**
 * One action's batch of 1,000 internal sub-agent calls (each child waits 2 ms) at
 * `subagent.parallelism` 16 against the same batch at parallelism 1 (serial), in TypeScript and
 * in the Python reference (its own script, run here so that both are measured in one run).
 */
export const internalBatch: Benchmark = {
  name: 'internal-batch',
  async run() {
    const parallel = await wallMs(PARALLELISM);
    const serial = await wallMs(1);
    const { stdout } = await execa('python3', [pythonScript('bench/internal_batch.py')]);
    return {
      typescript: {
        calls: CALLS,
        wait_ms: WAIT_MS,
        parallelism: PARALLELISM,
        parallel_ms: round(parallel, 1),
        serial_ms: round(serial, 1),
        serial_over_parallel: round(serial / parallel, 2),
      },
      python: JSON.parse(stdout) as Record<string, unknown>,
    };
  },
};
