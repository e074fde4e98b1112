import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PyJson } from '../../../src/json/pyJson.js';
import { startSubagentServer, type SubagentServer } from '../../../src/setups/httpSubagentServer.js';

// A run killed with SIGKILL right after a sub-agent call was recorded, restarted on the same
// store, calls the sub-agent once in all and gives the output an uninterrupted run gives.
const CHILD = join(import.meta.dirname, '..', '..', 'helpers', 'crashReplayChild.ts');
const PYTHON_CHILD = join(import.meta.dirname, '..', '..', '..', 'python-ref', 'tests', 'helpers', 'crash_replay_child.py');
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

// Starts a run that hangs once the delegation is recorded, and kills it there.
const crashAfterRecord = async (command: string, args: readonly string[]): Promise<NodeJS.Signals | null> => {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  const first = await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve));
  child.kill('SIGKILL');
  expect(first).toBe('RECORDED');
  return exited;
};

describe('crash and replay', () => {
  it('resumes in TypeScript a run the Python reference recorded before it was killed', async () => {
    const reference = await runToEnd(join(dir, 'reference-for-python.sqlite'));
    const before = server.calls.length;
    const store = join(dir, 'python-crashed.sqlite');
    expect(await crashAfterRecord('python3', [PYTHON_CHILD, store, server.url, '--crash'])).toBe('SIGKILL');
    expect(server.calls).toHaveLength(before + 1);
    const resumed = await runToEnd(store);
    expect(server.calls).toHaveLength(before + 1);
    expect(resumed).toEqual(reference);
  });

  it('resumes in the Python reference a run TypeScript recorded before it was killed', async () => {
    const reference = await runToEnd(join(dir, 'reference-for-typescript.sqlite'));
    const before = server.calls.length;
    const store = join(dir, 'typescript-crashed.sqlite');
    expect(await crashAfterRecord('node', [...NODE_ARGS, store, server.url, '--crash'])).toBe('SIGKILL');
    expect(server.calls).toHaveLength(before + 1);
    const { stdout } = await execa('python3', [PYTHON_CHILD, store, server.url], { timeout: 60_000 });
    expect(server.calls).toHaveLength(before + 1);
    expect(JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}')).toEqual(reference);
  });

  it('replays the recorded delegation after the run was killed', async () => {
    const calls = server.calls.length;
    const reference = await runToEnd(join(dir, 'reference.sqlite'));
    expect(reference.error).toBeNull();
    expect(server.calls).toHaveLength(calls + 1);

    const store = join(dir, 'crashed.sqlite');
    expect(await crashAfterRecord('node', [...NODE_ARGS, store, server.url, '--crash'])).toBe('SIGKILL');
    expect(server.calls).toHaveLength(calls + 2);

    const resumed = await runToEnd(store);
    expect(server.calls, 'the restarted run called the sub-agent again').toHaveLength(calls + 2);
    expect(resumed).toEqual(reference);
    expect(resumed.outputs).toEqual(['Research says: {"finding":"Why is the disk full? (ticket-7.session-1)"}']);
  });
});
