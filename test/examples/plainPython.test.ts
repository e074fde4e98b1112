import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/runCli.js';
import { tempFiles } from '../helpers/tempFixtures.js';

const HERE = join(import.meta.dirname, '..', '..', 'examples', 'participants', 'plain-python');
const SCRIPT = join(HERE, 'participant.py');
const KNOWN = join(HERE, 'known-divergences.yaml');
const COMMAND = `python3 ${SCRIPT}`;
// Every case a divergence was listed for, and nothing else of normalize beside them.
const DIVERGING = ['--filter', 'normalize/cycles', '--filter', 'normalize/depth', '--filter', 'normalize/upstream/cyclic-result'];

interface CaseEntry {
  readonly id: string;
  readonly participant: string;
  readonly status: string;
  readonly detail?: string;
  readonly known?: { readonly reason: string };
}

const listedIds = (text: string): string[] => [...text.matchAll(/^- \{id: ([^,]+),/gm)].map((match) => match[1]!);

const conformance = async (...args: string[]) => {
  const run = await runCli('conformance', '--only', 'python', '--participant', COMMAND, '--reporter', 'json', ...args);
  const report = JSON.parse(run.stdout) as { cases: CaseEntry[] };
  return { code: run.code, plain: report.cases.filter((c) => c.participant === 'plain-python') };
};

describe('examples/participants/plain-python', () => {
  it('is under 150 lines and imports nothing of ours but the kit', () => {
    const source = readFileSync(SCRIPT, 'utf8');
    expect(source.split('\n').length).toBeLessThan(150);
    const imports = [...source.matchAll(/^(?:from (\S+) import (.+)|import (\S+))$/gm)].map((m) => (m[3] ?? `${m[1]}:${m[2]}`));
    expect(imports.filter((name) => name.includes('agentparity'))).toEqual(['agentparity_ref:kit']);
    expect(imports.filter((name) => !name.includes('agentparity')).sort()).toEqual(['__future__:annotations', 'hashlib', 'json', 'math', 'typing:Any']);
  });

  it('with its known-divergences file, the normalize area is green', async () => {
    const { code, plain } = await conformance('--filter', 'normalize', '--known-divergences', KNOWN);
    expect(code).toBe(0);
    const divergent = plain.filter((c) => c.status === 'divergent');
    expect(divergent.map((c) => c.id).sort()).toEqual(listedIds(readFileSync(KNOWN, 'utf8')).sort());
    expect(divergent.every((c) => c.known !== undefined)).toBe(true);
  });

  it('without the file, each divergence is a cycle or the depth, refused with RecursionError', async () => {
    const { code, plain } = await conformance(...DIVERGING);
    expect(code).toBe(1);
    const divergent = plain.filter((c) => c.status === 'divergent');
    expect(divergent.map((c) => c.id).sort()).toEqual(listedIds(readFileSync(KNOWN, 'utf8')).sort());
    for (const c of divergent) {
      expect(c.id).toMatch(/^normalize\/(cycles\/|depth\/|upstream\/cyclic-result$)/);
      expect(c.detail).toContain('RecursionError');
    }
  });

  it('with one entry removed, only that case fails the run', async () => {
    const text = readFileSync(KNOWN, 'utf8');
    const removed = 'normalize/cycles/map-contains-itself';
    const file = join(tempFiles({ 'known.yaml': text.split('\n').filter((line) => !line.includes(`{id: ${removed},`)).join('\n') }), 'known.yaml');
    const { code, plain } = await conformance(...DIVERGING, '--known-divergences', file);
    expect(code).toBe(1);
    const unlisted = plain.filter((c) => c.status === 'divergent' && c.known === undefined);
    expect(unlisted.map((c) => c.id)).toEqual([removed]);
    expect(plain.filter((c) => c.known !== undefined)).toHaveLength(listedIds(text).length - 1);
  });

  it('fuzz normalize with it as a third participant finds the missing cycle guard, with a replay to paste', async () => {
    const run = await runCli('fuzz', 'normalize', '--runs', '300', '--seed', '1', '--participant', COMMAND, '--json');
    expect(run.code).toBe(1);
    const result = JSON.parse(run.stdout) as { participants: { name: string }[]; failures: { detail: string; replay: string }[] };
    expect(result.participants.map((p) => p.name)).toEqual(['ts', 'python', 'plain-python']);
    expect(result.failures).toHaveLength(1);
    const [failure] = result.failures;
    expect(failure!.detail).toContain('cycle detected" in python and "maximum recursion depth exceeded');
    expect(failure!.replay).toMatch(/^npx agentparity fuzz normalize --seed 1 --path \S+ --participant 'python3 .*participant\.py'$/);
  });

  it('fuzz normalize with its known-divergences file passes, counting the RecursionError answers it expects', async () => {
    const run = await runCli('fuzz', 'normalize', '--runs', '300', '--seed', '1', '--participant', COMMAND, '--known-divergences', KNOWN, '--json');
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as { failures: unknown[]; participants: { name: string; known?: Record<string, number> }[] };
    expect(result.failures).toEqual([]);
    const known = result.participants.find((p) => p.name === 'plain-python')!.known!;
    expect(Object.keys(known)).toEqual(['RecursionError']);
    expect(known.RecursionError).toBeGreaterThan(0);
  });

  it('fuzz normalize still fails on a divergence its file does not expect', async () => {
    const file = join(tempFiles({ 'known.yaml': '- {fuzz: normalize, participant: plain-python, answers: TypeError, reason: "not what it answers"}\n' }), 'known.yaml');
    const run = await runCli('fuzz', 'normalize', '--runs', '300', '--seed', '1', '--participant', COMMAND, '--known-divergences', file);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('maximum recursion depth exceeded');
  });

  it('fuzz refuses a fuzz entry for a participant that is not in the run', async () => {
    const run = await runCli('fuzz', 'normalize', '--runs', '10', '--seed', '1', '--known-divergences', KNOWN);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('name plain-python, which is not in this run (participants: ts, python)');
  });

  it('passes participant check', async () => {
    const run = await runCli('participant', 'check', COMMAND);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('ok    start: plain-python 0.1.0 (python), ops: normalize, render_content');
  });
});
