// A child run for the internal sub-agent SIGKILL test: a parent calls a child whose second action
// calls a grandchild. Usage: internalCrashChild.ts STORE LOG [--crash]. Every invocation of a
// child or grandchild action appends its name to LOG. With --crash, the process prints
// GRANDCHILD_DONE and hangs once the grandchild's result is back in the child (recorded), before
// the child finishes; the parent kills it there.
import { appendFileSync } from 'node:fs';
import { TypeScriptFunction } from '../../src/functions/functionDescriptor.js';
import type { PyJson } from '../../src/json/pyJson.js';
import { Agent } from '../../src/plan/agent.js';
import type { InternalSubagentSetup } from '../../src/plan/internalSubagentSetup.js';
import { ResourceType } from '../../src/resources/resourceType.js';
import type { ActionFunction } from '../../src/runtime/actionFunction.js';
import { EVENT_TYPES, GenericEvent, OutputEvent, type InputEvent } from '../../src/runtime/events.js';
import { SqliteStore } from '../../src/runtime/sqliteStore.js';
import { LocalRunner } from '../../src/runner/localRunner.js';

const [storePath = '', logPath = ''] = process.argv.slice(2);
const crash = process.argv.includes('--crash');
const fn = (name: string, run: ActionFunction) => new TypeScriptFunction('test/helpers/internalCrashChild', name, run);
const logged = (name: string): void => appendFileSync(logPath, `${name}\n`);
const call = async (ctx: Parameters<ActionFunction>[1], name: string, prompt: PyJson): Promise<PyJson> =>
  (await (ctx.getResource(name, ResourceType.AGENT) as InternalSubagentSetup).submit(ctx, prompt)).result as PyJson;

const grandchild = new Agent('Leaf').addAction('leaf', [EVENT_TYPES.input], fn('leaf', (event, ctx) => {
  logged('grandchild');
  ctx.sendEvent(new OutputEvent(`leaf:${String((event as InputEvent).input)}`));
}));
const child = new Agent('Middle')
  .addResource('grand', ResourceType.AGENT, grandchild)
  .addAction('first', [EVENT_TYPES.input], fn('first', (event, ctx) => {
    logged('child.first');
    ctx.sendEvent(new OutputEvent(`first:${String((event as InputEvent).input)}`));
    ctx.sendEvent(new GenericEvent('_relay', new Map([['text', (event as InputEvent).input]])));
  }))
  .addAction('relay', ['_relay'], fn('relay', async (event, ctx) => {
    logged('child.relay');
    const leaf = await call(ctx, 'grand', (event as GenericEvent).attributes().get('text')!);
    if (crash) {
      process.stdout.write('GRANDCHILD_DONE\n');
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
    }
    ctx.sendEvent(new OutputEvent(`relayed:${(leaf as string[])[0]!}`));
  }));
const parent = new Agent('Top')
  .addResource('child', ResourceType.AGENT, child)
  .addAction('call', [EVENT_TYPES.input], fn('call', async (event, ctx) => ctx.sendEvent(new OutputEvent(await call(ctx, 'child', (event as InputEvent).input)))));

const runner = new LocalRunner(parent, { store: new SqliteStore(storePath) });
const [run] = await runner.run(['task'], ['k']);
runner.close();
process.stdout.write(`${JSON.stringify({ outputs: run!.outputs, error: run!.error === undefined ? null : String(run!.error) })}\n`);
