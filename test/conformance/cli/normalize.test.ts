import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { FAUX } from '../../helpers/faux.js';
import { runCli } from '../../helpers/runCli.js';
import { spawnCli } from '../../helpers/spawnCli.js';
import { tempFiles } from '../../helpers/tempFixtures.js';

const verdict = `format: pydantic-neutral-declaration/1
root: Verdict
models:
  - name: Verdict
    fields:
      - {name: approved, type: {type: bool}, required: true}
      - {name: score, type: {type: float}, required: false, default: {kind: float, value: 0.0}}
`;

describe('cli/normalize', () => {
  it.each(['ts', 'python'])('prints the normalized value and its content on one line (%s)', async (impl) => {
    const dir = tempFiles({ 'value.json': '{"b": [1, {"$tuple": [2.5, "\\u00e9"]}], "n": {"$int": "123456789012345678901234567890"}}' });
    const run = await runCli('normalize', join(dir, 'value.json'), '--impl', impl);
    expect(run).toMatchObject({
      code: 0,
      stdout: '{"ok": {"b": [1, [2.5, "\\u00e9"]], "n": 123456789012345678901234567890}, "content": "{\\"b\\":[1,[2.5,\\"\\\\u00e9\\"]],\\"n\\":123456789012345678901234567890}"}\n',
    });
  });

  it.each(['ts', 'python'])('prints the refusal with its path and exits 1 (%s)', async (impl) => {
    const dir = tempFiles({ 'value.yaml': 'ratio: {$float: NaN}\n' });
    const run = await runCli('normalize', join(dir, 'value.yaml'), '--impl', impl);
    expect(run).toMatchObject({
      code: 1,
      stdout: '{"error": {"message": "Non-finite number in sub-agent result at result.ratio", "path": "result.ratio"}}\n',
    });
  });

  it.each(['ts', 'python'])('reads the value through the root model of --result-type (%s)', async (impl) => {
    const dir = tempFiles({ 'value.json': '{"approved": "yes", "extra": 1}', 'verdict.yaml': verdict });
    const run = await runCli('normalize', join(dir, 'value.json'), '--impl', impl, '--result-type', join(dir, 'verdict.yaml'));
    expect(run).toMatchObject({ code: 0, stdout: '{"ok": {"approved": true, "score": 0.0}, "content": "{\\"approved\\":true,\\"score\\":0.0}"}\n' });
  });

  // A string is the most common sub-agent result; it used to be taken for a read error (exit 2).
  it.each(['ts', 'python'])('normalizes a string read from standard input (%s)', async (impl) => {
    const run = await spawnCli(['normalize', '-', '--impl', impl], '"done"\n');
    expect({ code: run.exitCode, stdout: run.stdout, stderr: run.stderr }).toEqual({ code: 0, stdout: '{"ok": "done", "content": "done"}', stderr: '' });
  });

  it('names the file of a value that does not parse, and exits 2', async () => {
    const dir = tempFiles({ 'bad.json': '{"a": ' });
    const run = await runCli('normalize', join(dir, 'bad.json'));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${join(dir, 'bad.json')}: Expecting value`);
  });

  it('exits 2 for a malformed encoding, with the codec message', async () => {
    const dir = tempFiles({ 'bad.json': '{"$float": "1."}' });
    const run = await runCli('normalize', join(dir, 'bad.json'));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('bad value encoding at /$float');
  });

  it('exits 2 for a TypeScript-only value the python participant skips', async () => {
    const dir = tempFiles({ 'ts.json': '{"$undefined": true}' });
    const run = await runCli('normalize', join(dir, 'ts.json'), '--impl', 'python');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('TypeScript-only value');
  });

  it.each([[['a.json', 'b.json']], [['a.json', '--impl', 'java']], [['--bogus']]])('exits 2 on a usage problem: %j', async (argv) => {
    const run = await runCli('normalize', ...argv);
    expect(run.code).toBe(2);
  });
});

describe('cli single-shot --timeout', () => {
  // A stand-in for python3 that never answers the case: the bound is what ends the run, however
  // fast or slow this machine is.
  it('bounds how long the participant may take, and names the limit it hit (exit 3)', async () => {
    const dir = tempFiles({ 'value.json': '[[1, 2], {"a": 3}]' });
    const python = join(dir, 'python');
    writeFileSync(python, `#!/bin/sh\nexec '${process.execPath}' '${FAUX}' --name python --hang-on normalize/cli/value\n`);
    chmodSync(python, 0o755);
    vi.stubEnv('AGENTPARITY_PYTHON', python);
    try {
      const run = await runCli('normalize', join(dir, 'value.json'), '--impl', 'python', '--timeout', '200');
      expect(run.code).toBe(3);
      expect(run.stderr).toMatch(/no answer from python within \d+ ms \(200 ms, \+1 ms per kB of a [\d.]+ k?B request\) for normalize\/cli\/value /);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it.each([['normalize'], ['schema'], ['plan', 'build']])('%s documents --timeout and refuses a bad one (exit 2)', async (...command) => {
    expect((await runCli(...command, '--help')).stdout).toContain('--timeout MS');
    const run = await runCli(...command, 'x.yaml', '--timeout', '0');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--timeout takes a whole number of milliseconds above 0');
  });
});
