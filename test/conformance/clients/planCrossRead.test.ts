import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PyJson } from '../../../src/json/pyJson.js';
import { loadFixtures } from '../../../conformance/fixtures/loadFixtures.js';
import type { FixtureCase } from '../../../conformance/fixtures/fixtureCase.js';
import { packageRoot } from '../../../conformance/packageRoot.js';
import { openParticipant } from '../../../conformance/clients/openParticipant.js';
import type { Participant, ParticipantOutcome } from '../../../conformance/clients/participant.js';
import { getField, isPyObject } from '../../../conformance/util/pyObject.js';

// Each participant reads back the plan the other one built for every plan fixture, and writes it
// unchanged: the participants' own layouts and their opaque handles of the other's resources.
const { cases } = loadFixtures(join(packageRoot(), 'fixtures'), ['plan']);
const builds = cases.filter((c) => c.op === 'build_plan');

const planOf = (outcome: ParticipantOutcome): string | undefined => {
  if (outcome.status !== 'result' || !isPyObject(outcome.result)) return undefined;
  const plan = getField(outcome.result, 'plan');
  return typeof plan === 'string' ? plan : undefined;
};

const loadCase = (from: FixtureCase, plan: string) => ({ id: `${from.id}-read-back`, op: 'load_plan' as const, input: new Map<string, PyJson>([['plan', plan]]) });

describe('participants/plan cross-reading', () => {
  const ts = openParticipant('ts');
  const python = openParticipant('python');
  const built = new Map<string, { ts?: string; python?: string }>();

  beforeAll(async () => {
    const run = (p: Participant) => Promise.all(builds.map((c) => p.run({ id: c.id, op: c.op, ...(c.declaration === undefined ? {} : { declaration: c.declaration }), ...(c.input === undefined ? {} : { input: c.input }) })));
    const [fromTs, fromPython] = await Promise.all([run(ts), run(python)]);
    builds.forEach((c, i) => built.set(c.id, { ts: planOf(fromTs[i]!), python: planOf(fromPython[i]!) }));
  });

  afterAll(async () => {
    await Promise.all([ts.stop(), python.stop()]);
  });

  it('has plan fixtures that build in both participants', () => {
    expect([...built.values()].filter((b) => b.ts !== undefined && b.python !== undefined).length).toBeGreaterThanOrEqual(15);
  });

  it('the Python reference writes back every plan the TypeScript runtime built, unchanged', async () => {
    const pairs = builds.flatMap((c) => (built.get(c.id)?.ts === undefined ? [] : [[c, built.get(c.id)!.ts!] as const]));
    const outcomes = await Promise.all(pairs.map(([c, plan]) => python.run(loadCase(c, plan))));
    expect(outcomes.map((o, i) => [pairs[i]![0].id, planOf(o) === pairs[i]![1]])).toEqual(pairs.map(([c]) => [c.id, true]));
  });

  it('the TypeScript runtime writes back every plan the Python reference built, unchanged', async () => {
    const pairs = builds.flatMap((c) => (built.get(c.id)?.python === undefined ? [] : [[c, built.get(c.id)!.python!] as const]));
    const outcomes = await Promise.all(pairs.map(([c, plan]) => ts.run(loadCase(c, plan))));
    expect(outcomes.map((o, i) => [pairs[i]![0].id, planOf(o) === pairs[i]![1]])).toEqual(pairs.map(([c]) => [c.id, true]));
  });
});
