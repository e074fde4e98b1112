import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/**
 * The folder of agentparity's own package.json. The harness runs both from source (tests,
 * `tsx`) and compiled (`dist/`), so paths to bundled files (fixtures, python-ref) are found by
 * walking up from this module rather than by a fixed number of `..`.
 */
export const packageRoot = (): string => {
  if (cached !== undefined) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === 'agentparity') {
      cached = dir;
      return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`agentparity: cannot find the package root above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
};

/** True when this code runs from TypeScript sources (vitest, tsx) rather than from `dist/`. */
export const runningFromSource = (): boolean => import.meta.url.endsWith('.ts');
