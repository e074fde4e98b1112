import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { configArguments } from '../../../conformance/cli/configFile.js';
import { tempFiles } from '../../helpers/tempFixtures.js';

const spec = { fixtures: { type: 'string', multiple: true }, bail: { type: 'string' }, verbose: { type: 'boolean' }, shard: { type: 'string' } } as const;
const ENTRY = fileURLToPath(new URL('../../helpers/cliEntry.ts', import.meta.url));

describe('cli/configFile', () => {
  it('turns the section of a command into arguments, the command line winning option by option', () => {
    const cwd = tempFiles({ 'agentparity.config.yaml': 'conformance:\n  fixtures: [a, b]\n  bail: 3\n  verbose: true\nreport:\n  verbose: false\n' });
    expect(configArguments('conformance', [], spec, cwd)).toEqual(['--fixtures=a', '--fixtures=b', '--bail=3', '--verbose']);
    expect(configArguments('conformance', ['--fixtures', 'c', '--bail=1'], spec, cwd)).toEqual(['--verbose']);
    expect(configArguments('report', [], spec, cwd)).toEqual([]);
    expect(configArguments('fuzz', [], spec, cwd)).toEqual([]);
  });

  it('reads agentparity.config.json too, and none at all when there is no file', () => {
    expect(configArguments('conformance', [], spec, tempFiles({ 'agentparity.config.json': '{"conformance": {"shard": "1/2"}}' }))).toEqual(['--shard=1/2']);
    expect(configArguments('conformance', [], spec, tempFiles({}))).toEqual([]);
  });

  it.each([
    ['conformance:\n  filtre: schema\n', 'conformance.filtre is not an option of agentparity conformance'],
    ['conformance:\n  shard: [1/2, 2/2]\n', 'conformance.shard takes one value'],
    ['conformance:\n  verbose: yes please\n', 'conformance.verbose must be true or false'],
    ['- a list\n', 'must be a mapping of command names'],
  ])('refuses %j, naming the file', (text, message) => {
    const cwd = tempFiles({ 'agentparity.config.yaml': text });
    expect(() => configArguments('conformance', [], spec, cwd)).toThrow(`${join(cwd, 'agentparity.config.yaml')}: ${message}`);
  });

  it.each([
    ['an alias bomb', ['a0: &a0 [x, x, x, x, x, x, x, x, x]', ...Array.from({ length: 9 }, (_, i) => `a${i + 1}: &a${i + 1} [${Array(9).fill(`*a${i}`).join(', ')}]`), 'conformance:\n  filter: *a9'].join('\n'), 'Excessive alias count'],
    ['a document nested 100,000 deep', `conformance:\n  filter: ${'['.repeat(100_000)}${']'.repeat(100_000)}\n`, 'Maximum call stack size exceeded'],
  ])('refuses %s at once, naming the file', (_name, text, cause) => {
    const cwd = tempFiles({ 'agentparity.config.yaml': text });
    expect(() => configArguments('conformance', [], spec, cwd)).toThrow(`${join(cwd, 'agentparity.config.yaml')}: cannot read: ${cause}`);
  });

  it('is read by `conformance` from its working directory', async () => {
    const cwd = tempFiles({ 'agentparity.config.yaml': 'conformance:\n  filter: [schema/basics]\n  exclude: [schema/basics/review]\n  list: true\n' });
    const done = await execa(process.execPath, ['--import', import.meta.resolve('tsx'), ENTRY, 'conformance'], { cwd, reject: false });
    expect(done.exitCode).toBe(0);
    const ids = done.stdout.split('\n').map((line) => line.split('\t')[0]);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id) => id!.startsWith('schema/basics/') && id !== 'schema/basics/review')).toBe(true);
  });
});

describe('cli/configFile for fuzz', () => {
  it('takes only the settable keys of a section when the command names them', () => {
    const cwd = tempFiles({ 'agentparity.config.yaml': 'fuzz:\n  bail: 2\n  verbose: true\n' });
    expect(configArguments('fuzz', ['--verbose'], spec, cwd, new Set(['bail', 'verbose']))).toEqual(['--bail=2']);
    expect(() => configArguments('fuzz', [], spec, cwd, new Set(['verbose']))).toThrow(`${join(cwd, 'agentparity.config.yaml')}: fuzz.bail is given on the command line only; the config file sets verbose`);
  });

  it('is read by `fuzz`: its participants run, and a key a fuzz run gives on its command line only is refused (exit 2)', async () => {
    const fuzz = (config: string, ...argv: string[]) =>
      execa(process.execPath, ['--import', import.meta.resolve('tsx'), ENTRY, 'fuzz', 'normalize', ...argv], { cwd: tempFiles({ 'agentparity.config.yaml': config }), reject: false });
    const ran = await fuzz('fuzz:\n  only: [python]\n  participant: ["python3 -m agentparity_ref.participant"]\n  timeout: 20000\n', '--runs', '3', '--seed', '1', '--json');
    expect(ran.exitCode).toBe(0);
    const summary = JSON.parse(ran.stdout) as { checked: number; participants: { name: string }[] };
    expect(summary.checked).toBe(3);
    expect(summary.participants.map((p) => p.name)[0]).toBe('python');
    expect(summary.participants).toHaveLength(2);
    expect(summary.participants.some((p) => p.name === 'ts')).toBe(false);
    const refused = await fuzz('fuzz:\n  runs: 5\n');
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('agentparity.config.yaml: fuzz.runs is given on the command line only; the config file sets participant, only, reference, strict, known-divergences, timeout, deadline, jobs');
  });
});
