import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CaseReport } from '../../../conformance/report/report.js';
import { applyKnownDivergences, loadKnownDivergences } from '../../../conformance/run/knownDivergences.js';
import { tempFiles } from '../../helpers/tempFixtures.js';

const load = (text: string) => loadKnownDivergences(join(tempFiles({ 'known.yaml': text }), 'known.yaml'));

const result = (id: string, participant: string, status: CaseReport['status']): CaseReport => ({ id, op: 'derive_schema', participant, status, detail: '' });

describe('run/knownDivergences', () => {
  it('reads entries with a reason and an optional issue', () => {
    expect(load('- {id: a/b/c, participant: ts, reason: known, issue: "https://x/1"}\n')).toEqual({
      entries: [{ id: 'a/b/c', participant: 'ts', reason: 'known', issue: 'https://x/1' }],
      fuzz: [],
    });
  });

  it('reads fuzz entries, a class of drawn cases named by the error kind answered, apart from case entries', () => {
    expect(load('- {id: a/b/c, participant: ts, reason: one case}\n- {fuzz: normalize, participant: ts, answers: RecursionError, reason: deep}\n')).toEqual({
      entries: [{ id: 'a/b/c', participant: 'ts', reason: 'one case' }],
      fuzz: [{ fuzz: 'normalize', participant: 'ts', answers: 'RecursionError', reason: 'deep' }],
    });
  });

  it.each([
    ['{a: 1}\n', '$', 'known divergences are a list'],
    ['- [1]\n', '$[0]', 'an entry must be a mapping'],
    ['- {id: a/b/c, participant: ts, reason: "  "}\n', '$[0].reason', 'reason is required'],
    ['- {id: a/b/c, reason: r}\n', '$[0].participant', 'participant is required'],
    ['- {id: a/b/c, participant: ts, reason: r, why: x}\n', '$[0].why', 'unknown key "why"'],
    ['- {id: a/b/c, participant: ts, reason: r, issue: 7}\n', '$[0].issue', 'issue must be a non-empty string'],
    ['- {id: a/b/c, participant: ts, reason: r}\n- {id: a/b/c, participant: ts, reason: s}\n', '$[1]', 'a/b/c is listed twice for ts'],
    ['- {fuzz: normalize, participant: ts, reason: r}\n', '$[0].answers', 'answers is required'],
    ['- {fuzz: normalize, id: a/b/c, participant: ts, answers: E, reason: r}\n', '$[0].id', 'unknown key "id" (a fuzz entry has'],
    ['- {fuzz: normalize, participant: ts, answers: E, reason: r}\n- {fuzz: normalize, participant: ts, answers: E, reason: s}\n', '$[1]', 'listed twice for ts'],
  ])('refuses %j', (text, path, message) => {
    const loaded = load(text);
    expect('problems' in loaded && loaded.problems[0]).toMatchObject({ path, message: expect.stringContaining(message) });
  });

  it('refuses a file that does not read', () => {
    const loaded = loadKnownDivergences('/nonexistent/known.yaml');
    expect('problems' in loaded && loaded.problems[0]!.message).toMatch(/^cannot read the known divergences/);
  });

  it('marks listed divergences known, flags stale and unmatched entries, and checks only what the run covers', () => {
    const entries = [
      { id: 'a/b/div', participant: 'ts', reason: 'r1' },
      { id: 'a/b/same', participant: 'ts', reason: 'r2' },
      { id: 'a/b/skip', participant: 'ts', reason: 'r3' },
      { id: 'a/b/err', participant: 'ts', reason: 'r4' },
      { id: 'a/b/gone', participant: 'ts', reason: 'r5' },
      { id: 'a/c/elsewhere', participant: 'ts', reason: 'r6' },
      { id: 'a/b/div', participant: 'java', reason: 'r7' },
    ];
    const cases = [result('a/b/div', 'ts', 'divergent'), result('a/b/same', 'ts', 'identical'), result('a/b/skip', 'ts', 'skipped'), result('a/b/err', 'ts', 'errored')];
    const { cases: out, baseline } = applyKnownDivergences(cases, entries, { file: 'k.yaml', filters: ['a/b'], participants: ['ts', 'python'] });
    expect(out[0]).toMatchObject({ status: 'divergent', known: { reason: 'r1' } });
    expect(out.slice(1).every((c) => c.known === undefined)).toBe(true);
    expect(baseline.stale.map((s) => [s.id, s.status])).toEqual([
      ['a/b/same', 'identical'],
      ['a/b/skip', 'skipped'],
    ]);
    expect(baseline.unmatched.map((u) => u.id)).toEqual(['a/b/gone']);
  });
});
