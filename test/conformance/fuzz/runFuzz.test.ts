import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PyFloat } from '../../../src/json/pyJson.js';
import { loadFixtures } from '../../../conformance/fixtures/loadFixtures.js';
import { judgeOutcome } from '../../../conformance/compare/judgeOutcome.js';
import type { FuzzTarget } from '../../../conformance/fuzz/fuzzTarget.js';
import { runFuzz, type FuzzParticipants } from '../../../conformance/fuzz/runFuzz.js';
import { saveCounterexample } from '../../../conformance/fuzz/saveCounterexample.js';
import { makeLineHandler } from '../../../conformance/serve/handleLine.js';
import { InProcessParticipant } from '../../../conformance/clients/inProcessParticipant.js';
import { Interruption } from '../../../conformance/run/interruption.js';
import { tempFiles } from '../../helpers/tempFixtures.js';

// A fake target over whole numbers: the "ts" side answers n + 1 from 1000 on, and throws on 7.
const numberOf = (input: unknown): number => Number(input);
const python = (): InProcessParticipant => new InProcessParticipant({ name: 'python' }, makeLineHandler({ normalize: (c) => ({ result: new Map([['n', numberOf(c.input)]]) }) }));
const buggy = (bug: (n: number) => number, name = 'ts'): InProcessParticipant =>
  new InProcessParticipant(
    { name },
    makeLineHandler({
      normalize: (c) => {
        if (numberOf(c.input) === 7) throw new Error('seven');
        return { result: new Map([['n', bug(numberOf(c.input))]]) };
      },
    }),
  );
const participants = (bug: (n: number) => number = (n) => (n >= 1000 ? n + 1 : n)): FuzzParticipants => ({
  reference: { participant: python(), ahead: true },
  others: [{ participant: buggy(bug), ahead: false }],
});

const target: FuzzTarget<number> = {
  name: 'fake',
  summary: 'whole numbers',
  area: 'fake',
  arbitrary: fc.integer({ min: 8, max: 1_000_000 }),
  toCase: (n) => ({ id: 'fake/fuzz/n', op: 'normalize', input: n }),
  compare: (reference, other, _, sides) =>
    judgeOutcome({ id: 'fake/fuzz/n', area: 'fake', file: '-', op: 'normalize', contracts: [] }, sides.right, other, { name: sides.left, outcome: reference }),
};

describe('fuzz/runFuzz', () => {
  it('finds a divergence, shrinks it to the smallest failing value, and gives a path that replays it', async () => {
    const report = await runFuzz(target, { participants: participants(), runs: 200, seed: 42 });
    expect(report.failure).toMatchObject({ value: 1000, verdict: { status: 'divergent', detail: 'vs python: `/n` is 1000 in python and 1001 in ts' } });
    expect(report.checked).toBe(report.failure!.firstRun + 1);
    const replay = await runFuzz(target, { participants: participants(), runs: 200, seed: 42, path: report.failure!.path });
    expect(replay.failure).toMatchObject({ value: 1000, path: report.failure!.path });
  });

  it('draws the same values from the same seed, as fast-check does', async () => {
    const first = await runFuzz(target, { participants: participants(), runs: 50, seed: 7 });
    const second = await runFuzz(target, { participants: participants(), runs: 50, seed: 7, batchSize: 3 });
    expect(second.failure?.firstRun).toBe(first.failure?.firstRun);
    expect(fc.sample(target.arbitrary, { seed: 7, numRuns: 50 })[first.failure!.firstRun]).toBeGreaterThanOrEqual(1000);
  });

  it('checks every value and reports no failure when the two sides agree', async () => {
    const seen: number[] = [];
    const report = await runFuzz(target, { participants: participants((n) => n), runs: 120, seed: 3, batchSize: 50, onProgress: (checked) => seen.push(checked) });
    expect(report).toEqual({ target: 'fake', seed: 3, checked: 120, counts: { ts: { identical: 120, equivalent: 0, divergent: 0, errored: 0, skipped: 0, unchecked: 0 } }, known: {} });
    expect(seen).toEqual([50, 100, 120]);
  });

  it('judges values in run order while later ones are still in flight', async () => {
    // The first values answer last: the earliest failing run is still the one reported.
    const slowFirst = (delay: (n: number) => number): FuzzParticipants => ({
      reference: { participant: python(), ahead: true },
      others: [{ ahead: false, participant: new InProcessParticipant(
        { name: 'ts' },
        makeLineHandler({
          normalize: async (c) => {
            const n = numberOf(c.input);
            await new Promise((resolve) => setTimeout(resolve, delay(n)));
            return { result: new Map([['n', n >= 1000 ? n + 1 : n]]) };
          },
        }),
      ) }],
    });
    const values = fc.sample(target.arbitrary, { seed: 5, numRuns: 40 });
    const firstRun = values.findIndex((n) => n >= 1000);
    const report = await runFuzz(target, { participants: slowFirst((n) => (n === values[firstRun] ? 30 : 0)), runs: 40, seed: 5, batchSize: 40 });
    expect(report.failure?.firstRun).toBe(firstRun);
    expect(report.checked).toBe(firstRun + 1);
  });

  it('lets the checks still in flight after a failure end as they will, even badly', async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown): void => void rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      // The comparisons of a few runs after the first failing one throw: nobody waits for them.
      const values = fc.sample(target.arbitrary, { seed: 42, numRuns: 200 });
      const firstRun = values.findIndex((n) => n >= 1000);
      const poisoned = new Set(values.slice(firstRun + 1, firstRun + 6));
      const throwing: FuzzTarget<number> = {
        ...target,
        compare: (reference, other, n, sides) => {
          if (poisoned.has(n)) throw new Error('compared after the failure');
          return target.compare(reference, other, n, sides);
        },
      };
      const report = await runFuzz(throwing, { participants: participants(), runs: 200, seed: 42 });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(report.failure).toMatchObject({ firstRun, value: 1000 });
      expect(rejections).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });

  it('treats an errored participant as a failure and shrinks it too', async () => {
    const small: FuzzTarget<number> = { ...target, arbitrary: fc.integer({ min: 0, max: 999 }) };
    const report = await runFuzz(small, { participants: participants(), runs: 500, seed: 1 });
    expect(report.failure).toMatchObject({ value: 7, verdict: { status: 'errored', detail: 'Error: seven' } });
  });

  it('judges every participant against the reference, N ways, and names the one that failed', async () => {
    const three: FuzzParticipants = {
      reference: { participant: python(), ahead: true },
      others: [
        { participant: buggy((n) => n), ahead: false },
        { participant: buggy((n) => (n >= 5000 ? n + 1 : n), 'mine'), ahead: true },
      ],
    };
    const report = await runFuzz(target, { participants: three, runs: 300, seed: 42 });
    expect(report.failure).toMatchObject({ value: 5000, verdict: { status: 'divergent', detail: 'vs python: `/n` is 5000 in python and 5001 in mine' } });
    const checked = report.failure!.firstRun + 1;
    expect(report.counts['ts']).toMatchObject({ identical: checked, divergent: 0 });
    expect(report.counts['mine']).toMatchObject({ identical: checked - 1, divergent: 1 });
  });

  it('counts, when interrupted, the values whose answers all came before, not the batch they stand in', async () => {
    // "ts" answers its first three cases at once; the fourth it never answers, and once the answers
    // given are in (a later turn of the event loop) the run is interrupted.
    const interruption = Interruption.arm({ say: () => undefined, exitCode: 3 });
    try {
      let calls = 0;
      const stalling = new InProcessParticipant(
        { name: 'ts' },
        makeLineHandler({
          normalize: (c) => {
            if (++calls > 3) {
              if (calls === 4) setTimeout(() => interruption.fire('SIGTERM'), 0);
              return new Promise<never>(() => undefined);
            }
            return { result: new Map([['n', numberOf(c.input)]]) };
          },
        }),
      );
      const guarded: FuzzParticipants = {
        reference: { participant: interruption.guard(python()), ahead: true },
        others: [{ participant: interruption.guard(stalling), ahead: false }],
      };
      const report = await runFuzz(target, { participants: guarded, runs: 200, seed: 3, interrupted: () => interruption.cause !== undefined });
      expect(report).toMatchObject({ checked: 3, interrupted: true, counts: { ts: { identical: 3, errored: 0 } } });
      expect(report.failure).toBeUndefined();
    } finally {
      interruption.disarm();
    }
  });

  it('saves a shrunk counterexample as a fixture that loads back unchanged, with an empty expect', () => {
    const dir = tempFiles({});
    const declaration = new Map<string, unknown>([['format', 'x'], ['values', [new PyFloat(1.5), 2, 12345678901234567890n, new PyFloat(Number.NaN), new PyFloat(-Infinity), 'é\n"']]]);
    const file = saveCounterexample(dir, {
      target: 'fake',
      area: 'fake',
      seed: -5,
      path: '17:3:0',
      testCase: { id: 'fake/fuzz/n', op: 'normalize', declaration: declaration as never, input: new Map([['2', 1], ['1', 2]]) },
      detail: 'vs python: differs',
    });
    expect(file).toBe(`${dir}/fake/fuzz-fake-seed-5-path17-3-0.yaml`);
    const { cases, problems } = loadFixtures(dir);
    expect(problems).toEqual([]);
    expect(cases).toHaveLength(1);
    expect(cases[0]).toMatchObject({ id: 'fake/fuzz-fake-seed-5-path17-3-0/counterexample', op: 'normalize', declaration, input: new Map([['2', 1], ['1', 2]]) });
    expect(cases[0]!.expect).toEqual(new Map());
  });
});
