import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The path of a script under `python-ref/`, found from this module whether it runs from source
 * (`bench/`) or compiled (`dist/bench/`).
 */
export const pythonScript = (relative: string): string => {
  for (let dir = import.meta.dirname; ; dir = dirname(dir)) {
    const candidate = join(dir, 'python-ref', relative);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error(`python-ref/${relative} not found above ${import.meta.dirname}`);
  }
};
