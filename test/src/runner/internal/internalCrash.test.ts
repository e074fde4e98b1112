import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';

// A parent, a child and a grandchild, killed with SIGKILL after the grandchild finished and before
// the child did, restarted on the same store: the grandchild ran once, the child's finished action
// once, and the output is the unkilled run's.
const TS_CHILD = ['--import', 'tsx', join(import.meta.dirname, '..', '..', '..', 'helpers', 'internalCrashChild.ts')];
const PY_CHILD = [join(import.meta.dirname, '..', '..', '..', '..', 'python-ref', 'tests', 'helpers', 'internal_crash_child.py')];
const dir = mkdtempSync(join(tmpdir(), 'agentparity-internal-crash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const counts = (log: string): Record<string, number> => {
  const found: Record<string, number> = {};
  for (const line of readFileSync(log, 'utf8').split('\n').filter(Boolean)) found[line] = (found[line] ?? 0) + 1;
  return found;
};

const runToEnd = async (command: string, args: readonly string[], store: string, log: string) => {
  const { stdout } = await execa(command, [...args, store, log], { timeout: 60_000 });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { outputs: unknown[]; error: string | null };
};

const crashAfterGrandchild = async (command: string, args: readonly string[], store: string, log: string): Promise<NodeJS.Signals | null> => {
  const child = spawn(command, [...args, store, log, '--crash'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  const first = await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve));
  child.kill('SIGKILL');
  expect(first).toBe('GRANDCHILD_DONE');
  return exited;
};

describe.each([
  ['TypeScript', 'node', TS_CHILD],
  ['Python', 'python3', PY_CHILD],
])('internal sub-agents killed mid-call (%s)', (language, command, args) => {
  it('replay what the child finished and run only what it had not', async () => {
    const reference = await runToEnd(command, args, join(dir, `${language}-reference.sqlite`), join(dir, `${language}-reference.log`));
    expect(reference).toEqual({ outputs: [['first:task', 'relayed:leaf:task']], error: null });
    const [store, log] = [join(dir, `${language}.sqlite`), join(dir, `${language}.log`)];
    expect(await crashAfterGrandchild(command, args, store, log)).toBe('SIGKILL');
    expect(counts(log)).toEqual({ 'child.first': 1, 'child.relay': 1, grandchild: 1 });
    expect(await runToEnd(command, args, store, log)).toEqual(reference);
    // The relay action had not finished, so it ran again; its grandchild call was replayed.
    expect(counts(log)).toEqual({ 'child.first': 1, 'child.relay': 2, grandchild: 1 });
  });
});
