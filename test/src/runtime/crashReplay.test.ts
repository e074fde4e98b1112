import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PyJson } from '../../../src/json/pyJson.js';
import { Agent } from '../../../src/plan/agent.js';
import { LocalRunner } from '../../../src/runner/localRunner.js';
import { StoreClaimedError } from '../../../src/runtime/storeClaimedError.js';
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

type ChildRun = { outputs: string[]; error: string | null };

const runToEnd = async (store: string, endpoint = server.url, ...flags: string[]): Promise<ChildRun> => {
  const { stdout } = await execa('node', [...NODE_ARGS, store, endpoint, ...flags], { timeout: 60_000 });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as ChildRun;
};

// Starts a run that hangs at the point its first line names, and kills it there; `whileHung`
// runs first, while the child still holds the store.
const crashAt = async (
  line: string,
  command: string,
  args: readonly string[],
  whileHung: (pid: number) => Promise<void> = async () => {},
): Promise<NodeJS.Signals | null> => {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  const first = await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve));
  try {
    expect(first).toBe(line);
    await whileHung(child.pid ?? -1);
  } finally {
    child.kill('SIGKILL');
  }
  return exited;
};
const crashAfterRecord = (command: string, args: readonly string[]) => crashAt('RECORDED', command, args);

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

// A sub-agent that counts its executions by idempotency key, as the test sees them.
const countingServer = async (options: { status: boolean }) => {
  const executions = new Map<string, number>();
  const counted = await startSubagentServer((prompt, session, key) => {
    executions.set(key ?? '(none)', (executions.get(key ?? '(none)') ?? 0) + 1);
    const question = (prompt as Map<string, PyJson>).get('question') as string;
    return new Map<string, PyJson>([['finding', `${question} (${session})`]]);
  }, options);
  return { counted, executions };
};

const KEY = 'ticket-7.session-1#ticket-7.session-1';
const REFERENCE_OUTPUT = ['Research says: {"finding":"Why is the disk full? (ticket-7.session-1)"}'];

describe('exactly-once delegation across a SIGKILL between the answer and its record', () => {
  it('learns the outcome from the status URL, and a second process meanwhile is refused the store', async () => {
    const { counted, executions } = await countingServer({ status: true });
    try {
      const store = join(dir, 'probed.sqlite');
      const signal = await crashAt('ANSWERED', 'node', [...NODE_ARGS, store, counted.url, '--crash-unrecorded'], async (pid) => {
        const refused: unknown = await new LocalRunner(new Agent(), { store }).run(['x']).then(() => undefined, (error: unknown) => error);
        expect(refused).toBeInstanceOf(StoreClaimedError);
        expect((refused as Error).message).toMatch(/ is claimed by another run \(pid \d+, claimed at [^)]+\); it is free again when that run ends$/);
        expect((refused as Error).message).toContain(`Durable store ${store} is claimed by another run (pid ${pid}, `);
      });
      expect(signal).toBe('SIGKILL');
      const resumed = await runToEnd(store, counted.url);
      expect(resumed).toEqual({ outputs: REFERENCE_OUTPUT, error: null });
      expect([...executions]).toEqual([[KEY, 1]]);
      expect(counted.calls.map((c) => c.invocationId)).toEqual([KEY]);
    } finally {
      await counted.close();
    }
  });

  it('fails the delegation closed when the endpoint has no status, and never posts it again', async () => {
    const { counted, executions } = await countingServer({ status: false });
    try {
      const store = join(dir, 'fail-closed.sqlite');
      expect(await crashAt('ANSWERED', 'node', [...NODE_ARGS, store, counted.url, '--crash-unrecorded'])).toBe('SIGKILL');
      const resumed = await runToEnd(store, counted.url);
      expect(resumed.error).toBeNull();
      expect(resumed.outputs).toHaveLength(1);
      expect(resumed.outputs[0]).toContain(`Sub-agent call ${KEY} has an unknown outcome after a restart`);
      expect([...executions]).toEqual([[KEY, 1]]);
      expect(counted.calls).toHaveLength(1);
    } finally {
      await counted.close();
    }
  });

  it('under `repeat`, posts again under the same key, which the endpoint does not execute twice', async () => {
    const { counted, executions } = await countingServer({ status: false });
    try {
      const store = join(dir, 'repeat.sqlite');
      expect(await crashAt('ANSWERED', 'node', [...NODE_ARGS, store, counted.url, '--crash-unrecorded', '--repeat'])).toBe('SIGKILL');
      const resumed = await runToEnd(store, counted.url, '--repeat');
      expect(resumed).toEqual({ outputs: REFERENCE_OUTPUT, error: null });
      expect(counted.calls.map((c) => c.invocationId)).toEqual([KEY, KEY]);
      expect([...executions]).toEqual([[KEY, 1]]);
    } finally {
      await counted.close();
    }
  });
});
