import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { internalComparator } from '../../../../conformance/areas/internal/internalComparator.js';
import { internalTarget } from '../../../../conformance/areas/internal/internalTarget.js';
import { treeCase, treeDraws } from '../../../../conformance/areas/internal/treeArbitrary.js';
import { openParticipant } from '../../../../conformance/clients/openParticipant.js';
import { parsePyJson } from '../../../../src/json/parsePyJson.js';

// A bounded `fuzz internal`: random agent trees through both participants must compile, run and
// trace alike. The seed is fixed so that a failure replays.
const RUNS = 40;
const ts = openParticipant('ts');
const python = openParticipant('python');
const sides = { left: 'python', right: 'ts' };

beforeAll(async () => {
  await Promise.all([ts.start(), python.start()]);
});
afterAll(async () => {
  await Promise.all([ts.stop(), python.stop()]);
});

const answer = (text: string) => ({ status: 'result' as const, result: parsePyJson(text), text });
const result = (runs: string, log: string) => `{"runs": ${runs}, "calls": [], "log": ${log}, "peak": 0}`;
const draw = () => fc.sample(treeDraws, { numRuns: 1, seed: 1 })[0]!;

describe('fuzz target internal', () => {
  it('finds both runtimes alike on random agent trees', async () => {
    const draws = fc.sample(treeDraws, { numRuns: RUNS, seed: 7 });
    for (const tree of draws) {
      const testCase = treeCase(tree);
      const [reference, other] = await Promise.all([python.run(testCase, { timeoutMs: 30_000 }), ts.run(testCase, { timeoutMs: 30_000 })]);
      const verdict = await internalTarget.compare(reference, other, tree, sides);
      expect(['identical', 'equivalent'], `${JSON.stringify(testCase)}: ${verdict.detail}`).toContain(verdict.status);
    }
  });

  it('calls other outputs divergent and error names mapped equivalent; an expect may list the log in any order', async () => {
    const runs = '[{"outputs": ["a"], "events": ["_input_event", "_output_event"]}]';
    const log = '[["run", "a0.x0"], ["run", "a1.x0"]]';
    const base = answer(result(runs, log));
    expect((await internalTarget.compare(base, answer(result(runs.replace('"a"', '"b"'), log)), draw(), sides)).status).toBe('divergent');
    const compareLog = internalComparator.fields!.log!;
    const context = { testCase: { ...treeCase(draw()), area: 'internal', file: '(test)', contracts: [] }, pointer: '/log' };
    expect((await compareLog(parsePyJson('[["run", "a1.x0"], ["run", "a0.x0"]]'), parsePyJson(log), { left: 'expect', right: 'ts' }, context)).status).toBe('identical');
    expect((await compareLog(parsePyJson('[["run", "a1.x0"]]'), parsePyJson(log), { left: 'expect', right: 'ts' }, context)).status).toBe('divergent');
    const compareCalls = internalComparator.fields!.calls!;
    const call = (extra: string) => parsePyJson(`[{"scope": "c", "outputs": [], "error": null${extra}}]`);
    const callContext = { ...context, pointer: '/calls' };
    expect((await compareCalls(call(', "cancelled": true'), call(''), sides, callContext)).status).toBe('identical');
    expect((await compareCalls(call(', "cancelled": true'), call(', "cancelled": false'), sides, callContext)).status).toBe('divergent');
    expect((await compareCalls(call(', "cancelled": true'), call(', "cancelled": false'), { left: 'expect', right: 'ts' }, callContext)).status).toBe('divergent');
    const failed = (summary: string) => answer(result(`[{"outputs": ["failed:${summary}"], "events": []}]`, '[]'));
    expect((await internalTarget.compare(failed("KeyError: 'x'"), failed('NotFoundError: x'), draw(), sides)).status).toBe('equivalent');
    expect((await internalTarget.compare(failed('ValueError: x'), failed('InvalidTypeError: x'), draw(), sides)).status).toBe('divergent');
  });
});
