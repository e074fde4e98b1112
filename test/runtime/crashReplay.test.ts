import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PyJson } from '../../src/json/pyJson.js';
import { startSubagentServer, type SubagentServer } from '../../src/subagent/httpSubagentServer.js';

// A run killed with SIGKILL right after a sub-agent call was recorded, restarted on the same
// store, calls the sub-agent once in all and gives the output an uninterrupted run gives.
const CHILD = join(import.meta.dirname, '..', 'helpers', 'crashReplayChild.ts');
const NODE_ARGS = ['--import', 'tsx', CHILD];

let server: SubagentServer;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'agentparity-crash-'));
  server = await startSubagentServer((prompt, session) => {
    const question = (prompt as Map<string, PyJson>).get('question') as string;
    return new Map<string, PyJson>([['finding', `${question} (${session})`]]);
  });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const runToEnd = async (store: string) => {
  const { stdout } = await execa('node', [...NODE_ARGS, store, server.url], { timeout: 60_000 });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { outputs: string[]; error: string | null };
};

describe('crash and replay', () => {
  it('replays the recorded delegation after the run was killed', async () => {
    const reference = await runToEnd(join(dir, 'reference.sqlite'));
    expect(reference.error).toBeNull();
    expect(server.calls).toHaveLength(1);

    const store = join(dir, 'crashed.sqlite');
    const child = spawn('node', [...NODE_ARGS, store, server.url, '--crash'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    const lines = createInterface({ input: child.stdout });
    const first = await new Promise<string>((resolve) => lines.once('line', resolve));
    child.kill('SIGKILL');
    expect(first).toBe('RECORDED');
    expect(await exited).toBe('SIGKILL');
    expect(server.calls).toHaveLength(2);

    const resumed = await runToEnd(store);
    expect(server.calls, 'the restarted run called the sub-agent again').toHaveLength(2);
    expect(resumed).toEqual(reference);
    expect(resumed.outputs).toEqual(['Research says: {"finding":"Why is the disk full? (ticket-7.session-1)"}']);
  });
});
