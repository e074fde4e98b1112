import { fileURLToPath } from 'node:url';
import { execa } from 'execa';

const ENTRY = fileURLToPath(new URL('./cliEntry.ts', import.meta.url));

/** Runs `agentparity ARGS` from source as a child process, feeding `input` to its stdin. */
export const spawnCli = (args: readonly string[], input = '') =>
  execa(process.execPath, ['--import', import.meta.resolve('tsx'), ENTRY, ...args], { input, reject: false, timeout: 120_000 });
