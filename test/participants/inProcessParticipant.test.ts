import { describe, expect, it } from 'vitest';
import { makeLineHandler } from '../../conformance/participant/handleLine.js';
import { InProcessParticipant } from '../../conformance/participants/inProcessParticipant.js';
import { ParticipantStartError } from '../../conformance/participants/participant.js';

const handler = makeLineHandler({
  derive_schema: (c) => ({ result: new Map([['input', c.input ?? null]]) }),
  normalize: () => new Promise(() => undefined),
  dispatch: () => ({ result: new Map([['extra', 1]]) }),
});

describe('participants/inProcessParticipant', () => {
  it('goes through the same text as a process: the result keeps its text and its float kind', async () => {
    const participant = new InProcessParticipant({}, handler);
    expect((await participant.start()).ops).toEqual(['derive_schema', 'normalize', 'dispatch']);
    const outcome = await participant.run({ id: 'a/b/c', op: 'derive_schema', input: [1, 2.5] });
    expect(outcome).toMatchObject({ status: 'result', text: '{"input": [1, 2.5]}' });
  });

  it('errors a case that does not answer in time', async () => {
    const participant = new InProcessParticipant({ timeoutMs: 50 }, handler);
    expect(await participant.run({ id: 'a/b/c', op: 'normalize' })).toEqual({ status: 'errored', context: { message: 'no answer within 50 ms' } });
  });

  it('skips an op it does not offer', async () => {
    const participant = new InProcessParticipant({}, handler);
    expect(await participant.run({ id: 'a/b/c', op: 'run_agent' })).toEqual({ status: 'skipped', reason: 'op run_agent is not supported by agentparity' });
  });

  it('with protocol validation, errors a result that breaks its op shape and a request that breaks the schema', async () => {
    const participant = new InProcessParticipant({ validateProtocol: true }, handler);
    const shape = await participant.run({ id: 'a/b/c', op: 'derive_schema' });
    expect(shape).toMatchObject({ status: 'errored', context: { message: expect.stringContaining('result of derive_schema violates the protocol schema') } });
    const request = await participant.run({ id: '', op: 'dispatch' });
    expect(request).toMatchObject({ status: 'errored', context: { message: expect.stringContaining('request violates the protocol schema: /case/id') } });
  });

  it('errors every case when the start reply is bad', async () => {
    const participant = new InProcessParticipant({}, async () => 'nonsense');
    await expect(participant.start()).rejects.toBeInstanceOf(ParticipantStartError);
    expect((await participant.run({ id: 'a/b/c', op: 'derive_schema' })).status).toBe('errored');
  });
});
