import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writePyJson } from '../../../../src/json/writePyJson.js';
import { runFuzz } from '../../../../conformance/fuzz/runFuzz.js';
import { schemaTarget } from '../../../../conformance/areas/schema/schemaTarget.js';
import { openParticipant } from '../../../../conformance/clients/openParticipant.js';
import type { ParticipantOutcome } from '../../../../conformance/clients/participant.js';

const ts = openParticipant('ts');
const python = openParticipant('python');
const participants = { reference: { participant: python, ahead: true }, others: [{ participant: ts, ahead: false }] };
const sides = { left: 'python', right: 'ts' };

beforeAll(async () => {
  await Promise.all([ts.start(), python.start()]);
});

afterAll(async () => {
  await Promise.all([ts.stop(), python.stop()]);
});

const result = (schema: string | null): ParticipantOutcome => {
  const value = new Map([['description', ''], ['input_schema', schema]]);
  return { status: 'result', result: value, text: writePyJson(value) };
};
const value = { declaration: new Map(), input: new Map() };

describe('fuzz/schema/schemaTarget', () => {
  // The bounded run of `agentparity fuzz schema` inside npm test; a fixed seed keeps CI
  // reproducible, and the CLI takes any seed and more runs.
  it('finds the TypeScript and the Python schema texts identical on 100 random declarations', async () => {
    const report = await runFuzz(schemaTarget, { participants, runs: 100, seed: 1 });
    expect(report.failure, report.failure && `${report.failure.verdict.detail}\nreplay: --seed 1 --path ${report.failure.path}`).toBeUndefined();
    expect(report.checked).toBe(100);
  });

  it('fails texts that mean the same but differ', async () => {
    const verdict = await schemaTarget.compare(result('{"title": "A", "type": "object"}'), result('{"type": "object", "title": "A"}'), value, sides);
    expect(verdict.status).toBe('divergent');
    expect(verdict.detail).toMatch(/^the texts differ: vs python: `\/input_schema`: structure: key order at \(root\)/);
  });

  it('fails a schema that is not valid under the 2020-12 meta-schema, even when both agree', async () => {
    const verdict = await schemaTarget.compare(result('{"type": "objekt"}'), result('{"type": "objekt"}'), value, sides);
    expect(verdict.status).toBe('divergent');
    expect(verdict.detail).toMatch(/^the schema is not valid under the draft 2020-12 meta-schema/);
  });

  it('fails when either participant errors, naming it', async () => {
    const errored: ParticipantOutcome = { status: 'errored', context: { message: 'boom' } };
    expect(await schemaTarget.compare(result(null), errored, value, sides)).toMatchObject({ status: 'errored', detail: 'ts: boom' });
    expect(await schemaTarget.compare(errored, result(null), value, sides)).toMatchObject({ status: 'errored', detail: 'python: boom' });
  });
});
