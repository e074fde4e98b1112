import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commands } from '../../../conformance/cli/commands/index.js';
import { runCli } from '../../helpers/runCli.js';

// Every command and subcommand a user can type, each with the words its usage line starts with.
const SUBCOMMANDS: Record<string, readonly string[]> = {
  fuzz: ['normalize', 'schema', 'dispatch'],
  plan: ['build', 'diff'],
  participant: ['ts', 'python'],
};
const invocations = commands.flatMap((c) => [[c.name], ...(SUBCOMMANDS[c.name] ?? []).map((sub) => [c.name, sub])]);

const version = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

describe('cli help', () => {
  it.each(invocations.flatMap((words) => [[[...words, '--help']], [[...words, '-h']]]))('%j prints usage, options and exit codes, exit 0, doing no work', async (argv) => {
    const run = await runCli(...argv);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    const command = argv[0]!;
    expect(run.stdout).toMatch(new RegExp(`^usage: agentparity ${command}`));
    expect(run.stdout).toContain('\noptions:\n');
    expect(run.stdout).toContain('-h, --help');
    expect(run.stdout).toContain('\nexit codes');
    expect(run.stdout).toMatch(/^ {2}4 {2}an internal harness error$/m);
    if (argv[1] === 'build' || argv[1] === 'diff') expect(run.stdout).toMatch(new RegExp(`^usage: agentparity plan ${argv[1]}`));
    // Work would print figures (bench) or a start reply (participant) on stdout.
    expect(run.stdout).not.toContain('"figures"');
    expect(run.stdout).not.toContain('"implementation"');
  });

  it('walks the same commands the top-level usage lists', async () => {
    const run = await runCli('--help');
    expect(run.code).toBe(0);
    for (const c of commands) expect(run.stdout).toContain(`  ${c.name.padEnd(12)} ${c.summary}`);
    expect(run.stdout).toContain('4 an internal harness error');
  });

  it('prints the usage on stderr with exit 2 when no command is given', async () => {
    const run = await runCli();
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('usage: agentparity <command>');
  });

  it.each([['--version'], ['-v']])('%s prints the package version, exit 0', async (flag) => {
    const run = await runCli(flag);
    expect(run).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });
});
