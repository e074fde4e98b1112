import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { execa, type ResultPromise } from 'execa';

const ENTRY = fileURLToPath(new URL('./cliEntry.ts', import.meta.url));

/** `agentparity ARGS` from source as a child process, to be signalled while it runs. */
export const startCli = (args: readonly string[], cwd?: string): ResultPromise<{ reject: false; timeout: number }> =>
  execa(process.execPath, ['--import', import.meta.resolve('tsx'), ENTRY, ...args], { reject: false, timeout: 240_000, ...(cwd === undefined ? {} : { cwd }) });

/** Settles once `check` holds, polling every 100 ms: tests wait for events, never for a fixed time. */
export const waitFor = async (check: () => boolean, what: string, timeoutMs = 180_000): Promise<void> => {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** How many lines a file has, 0 while it does not exist. */
export const lineCount = (file: string): number => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).length : 0);

/** The children of a process, as `ps` lists them: pid and command line. */
export const childrenOf = (pid: number): { pid: number; args: string }[] => {
  let listed: string;
  try {
    listed = execFileSync('ps', ['-ww', '-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' });
  } catch {
    return []; // ps exits 1 when it lists nothing
  }
  return listed
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), args: m[2]! }));
};

/** Whether a process of this pid is still running (a zombie waiting to be reaped is not). */
export const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, 'utf8') : '';
  return !/\) Z /.test(stat);
};
