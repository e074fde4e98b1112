import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareResults } from '../../conformance/compare/compareResults.js';
import type { FixtureCase } from '../../conformance/fixtures/fixtureCase.js';
import { dispatchCase, dispatchDraws } from '../../conformance/areas/dispatch/dispatchCases.js';
import { openParticipant } from '../../conformance/clients/openParticipant.js';
import type { Participant } from '../../conformance/clients/participant.js';

// A bounded differential run: random dispatch cases through both participants must decide
// alike, byte for byte. The seed is fixed so that a failure replays.
const RUNS = 60;
const ts = openParticipant('ts');
const python = openParticipant('python');

beforeAll(async () => {
  await Promise.all([ts.start(), python.start()]);
});
afterAll(async () => {
  await Promise.all([ts.stop(), python.stop()]);
});

const outcome = async (participant: Participant, testCase: ReturnType<typeof dispatchCase>) => {
  const answer = await participant.run(testCase, { timeoutMs: 20_000 });
  if (answer.status !== 'result') throw new Error(`${participant.name} ${answer.status}: ${JSON.stringify(answer)}`);
  return answer;
};

describe('dispatch, TypeScript against the Python reference', () => {
  it('decides alike on random cases', async () => {
    const draws = fc.sample(dispatchDraws, { numRuns: RUNS, seed: 4242 });
    const cases = draws.map(dispatchCase);
    const [left, right] = await Promise.all([Promise.all(cases.map((c) => outcome(python, c))), Promise.all(cases.map((c) => outcome(ts, c)))]);
    for (const [index, testCase] of cases.entries()) {
      const verdict = await compareResults(
        { name: 'python', value: left[index]!.result, text: left[index]!.text },
        { name: 'ts', value: right[index]!.result, text: right[index]!.text },
        { testCase: testCase as unknown as FixtureCase },
      );
      expect(verdict.status, `${testCase.id}: ${verdict.detail}\n${left[index]!.text}\n${right[index]!.text}`).toBe('identical');
    }
  });
});

describe('fuzz target dispatch', () => {
  it('calls two answers that differ in the log divergent, and equal answers identical', async () => {
    const { dispatchTarget } = await import('../../conformance/areas/dispatch/dispatchTarget.js');
    const { parsePyJson } = await import('../../src/json/parsePyJson.js');
    const draw = fc.sample(dispatchDraws, { numRuns: 1, seed: 1 })[0]!;
    const answer = (text: string) => ({ status: 'result' as const, result: parsePyJson(text), text });
    const same = '{"sent": true, "log": ["submit:a0", "await:a0"], "prompts": [], "durable_executions": 0, "reports": []}';
    const other = '{"sent": true, "log": ["submit:a0"], "prompts": [], "durable_executions": 0, "reports": []}';
    const sides = { left: 'python', right: 'ts' };
    expect((await dispatchTarget.compare(answer(same), answer(same), draw, sides)).status).toBe('identical');
    expect((await dispatchTarget.compare(answer(same), answer(other), draw, sides)).status).toBe('divergent');
    expect((await dispatchTarget.compare(answer(same), { status: 'skipped', reason: 'no' }, draw, sides)).status).toBe('skipped');
  });
});
