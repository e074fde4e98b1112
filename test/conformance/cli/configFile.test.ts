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

  it('is read by `conformance` from its working directory', async () => {
    const cwd = tempFiles({ 'agentparity.config.yaml': 'conformance:\n  filter: [schema/basics]\n  exclude: [schema/basics/review]\n  list: true\n' });
    const done = await execa(process.execPath, ['--import', import.meta.resolve('tsx'), ENTRY, 'conformance'], { cwd, reject: false });
    expect(done.exitCode).toBe(0);
    const ids = done.stdout.split('\n').map((line) => line.split('\t')[0]);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id) => id!.startsWith('schema/basics/') && id !== 'schema/basics/review')).toBe(true);
  });
});
