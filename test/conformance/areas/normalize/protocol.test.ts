import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openParticipant } from '../../../../conformance/clients/openParticipant.js';
import type { Participant } from '../../../../conformance/clients/participant.js';
import { protocolValidator } from '../../../../conformance/protocol/validateProtocol.js';
import { parsePyJson } from '../../../../src/json/parsePyJson.js';
import type { PyJson } from '../../../../src/json/pyJson.js';
import type { OpName } from '../../../../conformance/serve/ops/index.js';

// Real answers of both participants, checked against #/$defs/result_normalize and result_render_content.
const CASES: readonly [OpName, string][] = [
  ['normalize', '{"a": [1, {"$tuple": [2.5, "é"]}]}'],
  ['normalize', '{"ratio": {"$float": "NaN"}}'],
  ['normalize', '{"$map": [[1, "a"]]}'],
  ['render_content', '{"a": 1}'],
  ['render_content', '[{"$float": "Infinity"}]'],
];

describe('normalize and render_content answers against the protocol schema', () => {
  const participants: Participant[] = [];
  beforeAll(async () => {
    participants.push(openParticipant('ts'), openParticipant('python'));
    await Promise.all(participants.map((p) => p.start()));
  });
  afterAll(async () => {
    await Promise.all(participants.map((p) => p.stop()));
  });

  it('validates every answer', async () => {
    const validator = protocolValidator();
    for (const participant of participants) {
      for (const [op, value] of CASES) {
        const outcome = await participant.run({ id: `normalize/protocol/${op}`, op, input: new Map<string, PyJson>([['value', parsePyJson(value)]]) });
        expect(outcome.status).toBe('result');
        if (outcome.status !== 'result') continue;
        expect(validator.response(new Map<string, PyJson>([['seq', 1], ['result', outcome.result]]), op)).toBeUndefined();
      }
    }
  });

  it('refuses a result that breaks the contract', () => {
    const bad = new Map<string, PyJson>([['seq', 1], ['result', new Map([['json', '1'], ['content', '1']])]]);
    expect(protocolValidator().response(bad, 'normalize')).toContain('result of normalize violates the protocol schema');
  });
});
