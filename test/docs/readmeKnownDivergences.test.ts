import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/runCli.js';
import { tempFiles } from '../helpers/tempFixtures.js';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

// The known-divergence example of the README, exactly as written: its YAML block and the
// command after it (the README's own words, not a copy of them here).
const section = README.slice(README.indexOf('A known-divergence file lists'));
const yaml = /```yaml\n([\s\S]*?)```/.exec(section)![1]!;
const command = /```sh\n(npx agentparity conformance [^\n]*)\n```/.exec(section)![1]!;

// The command's arguments, with the shell's double quotes taken off.
const argv = [...command.replace('npx agentparity ', '').matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!);

describe('README known-divergence example', () => {
  it('works as given: the listed case diverges and the run passes (exit 0)', async () => {
    const file = join(tempFiles({ 'known.yaml': yaml }), 'known.yaml');
    const run = await runCli(...argv.map((arg) => (arg === 'known.yaml' ? file : arg)), '--reporter', 'json');
    const report = JSON.parse(run.stdout) as { cases: { participant: string; status: string; known?: unknown }[] };
    expect(run.code).toBe(0);
    expect(report.cases.find((c) => c.participant === 'plain-python')).toMatchObject({ status: 'divergent', known: expect.anything() });
  });
});
