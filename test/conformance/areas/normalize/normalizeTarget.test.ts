import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFuzz } from '../../../../conformance/fuzz/runFuzz.js';
import { normalizeTarget } from '../../../../conformance/areas/normalize/normalizeTarget.js';
import { writeShape } from '../../../../conformance/areas/normalize/writeShape.js';
import { shapeArbitrary } from '../../../../conformance/areas/normalize/valueArbitrary.js';
import { decodeValue } from '../../../../conformance/codec/decodeValue.js';
import { openParticipant } from '../../../../conformance/clients/openParticipant.js';
import type { Participant } from '../../../../conformance/clients/participant.js';
import { parsePyJson } from '../../../../src/json/parsePyJson.js';
import { writePyJson } from '../../../../src/json/writePyJson.js';

describe('normalize/fuzz/writeShape', () => {
  it('writes documents both codecs read, whatever the shape and the references', () => {
    fc.assert(
      fc.property(shapeArbitrary(), fc.array(fc.nat(), { maxLength: 4 }), (shape, choices) => {
        // Through the wire as the harness sends it; a refusal would be a CodecError.
        const document = parsePyJson(writePyJson(writeShape(shape, choices)));
        expect(() => decodeValue(document)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });

  it('makes cycles and diamonds when references are drawn', () => {
    const shape = { t: 'list', items: [{ t: 'list', items: [{ t: 'ref' }] }, { t: 'ref' }] } as const;
    expect(writePyJson(writeShape(shape, [0, 1]))).toBe('{"$id": "n1", "value": [{"$id": "n2", "value": [{"$ref": "n1"}]}, {"$ref": "n2"}]}');
    expect(writePyJson(writeShape(shape, []))).toBe('[[null], null]');
  });
});

describe('fuzz normalize (a bounded differential run in the test suite)', () => {
  let ts: Participant;
  let python: Participant;
  beforeAll(async () => {
    ts = openParticipant('ts');
    python = openParticipant('python');
    await Promise.all([ts.start(), python.start()]);
  });
  afterAll(async () => {
    await Promise.all([ts.stop(), python.stop()]);
  });

  it('finds the two participants agreeing on 400 drawn cases', async () => {
    const report = await runFuzz(normalizeTarget, { participants: { reference: { participant: python, ahead: true }, others: [{ participant: ts, ahead: false }] }, runs: 400, seed: 20260301 });
    expect(report.failure?.verdict.detail).toBeUndefined();
    expect(report.checked).toBe(400);
  });
});
