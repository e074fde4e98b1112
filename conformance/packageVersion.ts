import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from './packageRoot.js';

let cached: string | undefined;

/**
 * agentparity's version. package.json is its one source: the Python reference reads the same
 * file's value from `agentparity_ref.__version__`, and a test keeps the two equal.
 */
export const packageVersion = (): string => {
  if (cached === undefined) {
    const manifest = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version?: unknown };
    if (typeof manifest.version !== 'string') throw new Error(`${join(packageRoot(), 'package.json')} has no version`);
    cached = manifest.version;
  }
  return cached;
};
