import { describe, expect, it, vi } from 'vitest';
import { runCli } from '../../helpers/runCli.js';

// A fault inside the harness, wherever it is raised, must not look like a divergence (exit 1).
vi.mock('../../../conformance/run/runConformance.js', () => ({
  runConformance: () => Promise.reject(new TypeError('cannot read the verdict of undefined')),
}));

describe('cli/main on an internal error', () => {
  it('exits 4 with one line naming what failed', async () => {
    const run = await runCli('conformance', '--only', 'ts', '--filter', 'normalize/json');
    expect(run.code).toBe(4);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines.at(-1)).toMatch(/^agentparity conformance: internal error: cannot read the verdict of undefined \(at .+\); --debug prints the stack$/);
  });

  it('prints the stack with --debug', async () => {
    const run = await runCli('conformance', '--debug', '--only', 'ts', '--filter', 'normalize/json');
    expect(run.code).toBe(4);
    expect(run.stderr).toContain('internal error: cannot read the verdict of undefined');
    expect(run.stderr).toMatch(/TypeError: cannot read the verdict of undefined\n\s+at /);
  });
});
