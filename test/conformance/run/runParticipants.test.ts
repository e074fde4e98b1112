import { describe, expect, it } from 'vitest';
import type { Participant, ParticipantOutcome, ProtocolCase } from '../../../conformance/clients/participant.js';
import type { FixtureCase } from '../../../conformance/fixtures/fixtureCase.js';
import { startParticipants } from '../../../conformance/run/runParticipants.js';

const cases: FixtureCase[] = Array.from({ length: 20 }, (_, i) => ({ id: `normalize/x/c${i}`, area: 'normalize', file: 'x.yaml', op: 'normalize', contracts: [], input: { value: i } }));
const answer = (c: ProtocolCase): ParticipantOutcome => ({ status: 'result', result: { id: c.id }, text: JSON.stringify({ id: c.id }) });

/** A participant that records the cases it was handed, and answers each only when released. */
const held = (name: string, inHarnessThread: boolean) => {
  const handed: string[] = [];
  const releases: (() => void)[] = [];
  const participant: Participant = {
    name,
    inHarnessThread,
    start: async () => ({ name, language: 'test', version: '0', language_version: '0', ops: ['normalize'] }),
    run: (c) => {
      handed.push(c.id);
      return new Promise((resolve) => releases.push(() => resolve(answer(c))));
    },
    stop: async () => {},
  };
  return { participant, handed, releaseAll: () => releases.splice(0).forEach((release) => release()) };
};

const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('run/runParticipants', () => {
  it('hands a queueing participant every case at once, and an in-process one a case a turn', async () => {
    const inProcess = held('ts', true);
    const process = held('python', false);
    const started = await startParticipants(cases, [inProcess.participant, process.participant]);
    await turns(3);
    expect(process.handed).toEqual(cases.map((c) => c.id));
    expect(inProcess.handed.length).toBeLessThan(cases.length);
    expect(inProcess.handed).toEqual(cases.slice(0, inProcess.handed.length).map((c) => c.id));
    while (inProcess.handed.length < cases.length) {
      inProcess.releaseAll();
      process.releaseAll();
      await turns(1);
    }
    inProcess.releaseAll();
    process.releaseAll();
    const runs = await started.finished();
    const texts = cases.map((c) => JSON.stringify({ id: c.id }));
    expect(runs.map((r) => r.outcomes.map((o) => (o.status === 'result' ? o.text : o.status)))).toEqual([texts, texts]);
  });
});
