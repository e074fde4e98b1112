import { describe, expect, it } from 'vitest';
import { makeLineHandler } from '../../../conformance/serve/handleLine.js';
import { InProcessParticipant } from '../../../conformance/clients/inProcessParticipant.js';
import { ParticipantStartError, type ParticipantOutcome } from '../../../conformance/clients/participant.js';
import { PyFloat, type PyJson } from '../../../src/json/pyJson.js';

/** An outcome as plain data, its value read: a result outcome reads it through a getter. */
const plain = (o: ParticipantOutcome) =>
  o.status === 'result' ? { status: o.status, text: o.text, result: o.result } : o.status === 'errored' ? { ...o, context: { ...o.context, traceback: undefined } } : o;

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
    expect(await participant.run({ id: 'a/b/c', op: 'normalize' })).toMatchObject({ status: 'errored', context: { message: expect.stringMatching(/^no answer from ts within 50 ms \(50 ms, \+1 ms per kB of a \d+ B request\) for a\/b\/c \(normalize\); it ran 50 ms$/) } });
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

  it('in direct mode, hands a case that reads back unchanged to the op as it is, and answers as through the text', async () => {
    const seen: unknown[] = [];
    const echo = makeLineHandler({
      derive_schema: (c) => (seen.push(c.input), { result: new Map<string, PyJson>([['input', c.input ?? null], ['half', new PyFloat(0.5)]]) }),
      normalize: () => {
        throw new TypeError('boom');
      },
      dispatch: () => ({ skipped: 'not today' }),
      build_plan: () => ({ result: [1] }),
      load_plan: () => ({ result: new Map([['x', undefined as unknown as PyJson]]) }),
    });
    const direct = new InProcessParticipant({ direct: true }, echo);
    const text = new InProcessParticipant({}, echo);
    const normal = new Map<string, PyJson>([['value', [1, new PyFloat(2)]]]);
    const directly = await direct.run({ id: 'a/b/c', op: 'derive_schema', input: normal });
    expect(seen.pop()).toBe(normal);
    const throughText = await text.run({ id: 'a/b/c', op: 'derive_schema', input: normal });
    expect(seen.pop()).not.toBe(normal);
    expect(plain(directly)).toEqual(plain(throughText));
    expect(directly).toMatchObject({ status: 'result', text: '{"input": {"value": [1, 2.0]}, "half": 0.5}' });
    // A value the text would change (2.5 comes back a float) goes through the text.
    await direct.run({ id: 'a/b/c', op: 'derive_schema', input: [2.5] });
    expect(seen.pop()).toEqual([new PyFloat(2.5)]);
    for (const op of ['normalize', 'dispatch', 'build_plan', 'load_plan'] as const) {
      const [a, b] = [await direct.run({ id: 'a/b/c', op }), await text.run({ id: 'a/b/c', op })];
      expect(plain(a)).toEqual(plain(b));
    }
  });

  it('answers a case at once when its op does, and keeps a deadline for an op that answers later', async () => {
    const ops = makeLineHandler({
      derive_schema: () => ({ result: new Map([['n', 1]]) }),
      dispatch: async () => ({ result: new Map([['n', 2]]) }),
      build_plan: () => {
        throw new TypeError('boom');
      },
      load_plan: () => Promise.reject(new RangeError('later')),
      normalize: () => new Promise(() => undefined),
    });
    const answer = ops.answerCase!;
    expect(answer({ id: 'a/b/c', op: 'derive_schema' })).toEqual({ status: 'result', result: new Map([['n', 1]]) });
    expect(answer({ id: 'a/b/c', op: 'build_plan' })).toMatchObject({ status: 'errored', context: { message: 'TypeError: boom' } });
    const later = answer({ id: 'a/b/c', op: 'dispatch' });
    expect(later).toBeInstanceOf(Promise);
    expect(await later).toEqual({ status: 'result', result: new Map([['n', 2]]) });
    expect(await answer({ id: 'a/b/c', op: 'load_plan' })).toMatchObject({ status: 'errored', context: { message: 'RangeError: later' } });
    const direct = new InProcessParticipant({ direct: true, timeoutMs: 30 }, ops);
    expect(await direct.run({ id: 'a/b/c', op: 'dispatch' })).toMatchObject({ status: 'result', text: '{"n": 2}' });
    expect(await direct.run({ id: 'a/b/c', op: 'normalize' })).toEqual({ status: 'errored', context: { message: 'no answer from ts within 30 ms (the case was handed over unwritten) for a/b/c (normalize); it ran 30 ms' } });
  });

  it('errors a case the writer cannot write, in direct mode too, without asking the op', async () => {
    let asked = 0;
    const counting = makeLineHandler({ derive_schema: () => (asked++, { result: new Map([['n', 1]]) }) });
    const unwritable = { id: 'a/b/c', op: 'derive_schema', input: [undefined] as unknown as PyJson } as const;
    for (const participant of [new InProcessParticipant({}, counting), new InProcessParticipant({ direct: true }, counting)]) {
      expect(await participant.run(unwritable)).toEqual({ status: 'errored', context: { message: 'cannot write the case: Object of type undefined is not JSON serializable' } });
    }
    expect(asked).toBe(0);
  });

  it('reads a result value only when asked, and gives the same value each time', async () => {
    const outcome = await new InProcessParticipant({ direct: true }, handler).run({ id: 'a/b/c', op: 'derive_schema', input: [1, new PyFloat(2)] });
    if (outcome.status !== 'result') throw new Error(`expected a result, got ${outcome.status}`);
    // The getter sits on the class: an object literal with a getter would get a V8 map per outcome.
    expect(Object.getOwnPropertyDescriptor(outcome, 'result')).toBeUndefined();
    expect(outcome.result).toEqual(new Map([['input', [1, new PyFloat(2)]]]));
    expect(outcome.result).toBe(outcome.result);
  });

  it('in direct mode with protocol validation, still goes through the text', async () => {
    let seen: unknown;
    const spy = makeLineHandler({ derive_schema: (c) => ((seen = c.input), { result: new Map([['description', ''], ['input_schema', null]]) }) });
    const input = new Map<string, PyJson>([['value', 1]]);
    expect((await new InProcessParticipant({ direct: true, validateProtocol: true }, spy).run({ id: 'a/b/c', op: 'derive_schema', input })).status).toBe('result');
    expect(seen).not.toBe(input);
    expect(seen).toEqual(input);
  });

  it('errors every case when the start reply is bad', async () => {
    const participant = new InProcessParticipant({}, async () => 'nonsense');
    await expect(participant.start()).rejects.toBeInstanceOf(ParticipantStartError);
    expect((await participant.run({ id: 'a/b/c', op: 'derive_schema' })).status).toBe('errored');
  });
});
