import { describe, expect, it } from 'vitest';
import { openParticipant } from '../../../conformance/clients/openParticipant.js';
import { ParticipantStartError, type ParticipantOptions, type ParticipantOutcome, type ProtocolCase } from '../../../conformance/clients/participant.js';
import type { PyJson } from '../../../src/json/pyJson.js';
import { fauxCase, fauxCommand } from '../../helpers/faux.js';

const open = (options: ParticipantOptions = {}, ...flags: string[]) => openParticipant(fauxCommand(...flags), options);

const valueOf = (outcome: ParticipantOutcome): unknown =>
  outcome.status === 'result' ? (outcome.result as Map<string, unknown>).get('description') : outcome.status;

describe('participants/processParticipant', () => {
  it('pipelines many cases through one process and matches every answer to its case', async () => {
    const participant = open({ window: 8 });
    expect(participant.name).toBe('faux');
    await participant.start();
    const outcomes = await Promise.all(Array.from({ length: 40 }, (_, i) => participant.run(fauxCase(`a/b/c${i}`, 'ok', { description: String(i) }))));
    await participant.stop();
    expect(outcomes.map(valueOf)).toEqual(Array.from({ length: 40 }, (_, i) => String(i)));
  });

  it('errors only the case that crashed it, restarts, and answers the others', async () => {
    const participant = open();
    await participant.start();
    const behaviours = ['ok', 'ok', 'crash', 'ok', 'stderr'];
    const outcomes = await Promise.all(behaviours.map((b, i) => participant.run(fauxCase(`a/b/c${i}`, b, { description: String(i) }))));
    await participant.stop();
    expect(outcomes.map(valueOf)).toEqual(['0', '1', 'errored', '3', '4']);
    const crashed = outcomes[2]!;
    expect(crashed.status === 'errored' && crashed.context).toMatchObject({
      message: 'the participant exited with code 3 while running this case',
      exitCode: 3,
      stderr: expect.stringContaining('faux: crashing on a/b/c2'),
    });
  });

  it('kills a participant that hangs, errors that case with its stderr, and goes on', async () => {
    const participant = open();
    await participant.start();
    // Only the hanging case has the short deadline: the others' is long enough that a loaded machine cannot miss it.
    const outcomes = await Promise.all(['ok', 'hang', 'ok'].map((b, i) => participant.run(fauxCase(`a/b/c${i}`, b, { description: String(i) }), { timeoutMs: b === 'hang' ? 400 : 60_000 })));
    await participant.stop();
    expect(outcomes.map(valueOf)).toEqual(['0', 'errored', '2']);
    expect(outcomes[1]).toMatchObject({
      context: { message: expect.stringMatching(/^no answer from faux within 400 ms \(400 ms, \+1 ms per kB of a \d+ B request\) for a\/b\/c1 \(derive_schema\); it ran \d+ ms; the participant was killed$/), stderr: expect.stringContaining('hanging on a/b/c1') },
    });
  });

  it('errors a garbled answer and a wrong seq, and restarts for the next cases', async () => {
    const participant = open();
    await participant.start();
    const outcomes = await Promise.all(['garbage', 'ok', 'wrong-seq', 'ok'].map((b, i) => participant.run(fauxCase(`a/b/c${i}`, b, { description: String(i) }))));
    await participant.stop();
    expect(outcomes.map(valueOf)).toEqual(['errored', '1', 'errored', '3']);
    expect(outcomes[0]).toMatchObject({ context: { message: expect.stringContaining('garbled answer: not a JSON line') } });
    expect(outcomes[2]).toMatchObject({ context: { message: expect.stringMatching(/^answered seq 1003 where seq 3 was due/) } });
  });

  it('passes on skipped and caught errored answers without a restart', async () => {
    const participant = open();
    await participant.start();
    const [skipped, errored] = await Promise.all(['skip', 'error'].map((b) => participant.run(fauxCase('a/b/c', b))));
    await participant.stop();
    expect(skipped).toEqual({ status: 'skipped', reason: 'faux skips a/b/c' });
    expect(errored).toEqual({ status: 'errored', context: { message: 'faux failed a/b/c', traceback: 'faux traceback' } });
  });

  it('gives up after its restart budget and errors every case left', async () => {
    const participant = open({ maxRestarts: 2 });
    await participant.start();
    const outcomes = await Promise.all([0, 1, 2, 3].map((i) => participant.run(fauxCase(`a/b/c${i}`, 'crash'))));
    await participant.stop();
    expect(outcomes.map((o) => o.status)).toEqual(['errored', 'errored', 'errored', 'errored']);
    expect(outcomes[0]).toMatchObject({ context: { message: 'the participant exited with code 3 while running this case' } });
    expect(outcomes[3]).toMatchObject({ context: { message: expect.stringMatching(/^the participant was restarted 2 times and is not restarted again/) } });
  });

  // Only the silent participant waits for the deadline; the others fail on their own, so their
  // deadline is long enough that a loaded machine's slow process start cannot trip it first.
  it.each([
    [['--exit-at-start'], 20_000, { message: 'the participant exited with code 4 before answering start', exitCode: 4, stderr: 'faux: cannot start today\n' }],
    [['--garbage-start'], 20_000, { message: expect.stringContaining('bad start reply: not a JSON line') }],
    [['--silent-start'], 500, { message: 'no answer to start within 500 ms' }],
  ])('cannot start with %j: start rejects and every case errors', async (flags, startTimeoutMs, context) => {
    const participant = open({ startTimeoutMs }, ...flags);
    const error = await participant.start().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ParticipantStartError);
    expect((error as ParticipantStartError).context).toMatchObject(context);
    expect(await participant.run(fauxCase('a/b/c', 'ok'))).toMatchObject({ status: 'errored', context });
    await participant.stop();
  });

  // The start timeout is far longer than the test's: only giving the start up can end it in time.
  it('gives up a start that never answers when stopped: start rejects, and every case errors', { timeout: 60_000 }, async () => {
    const participant = open({ startTimeoutMs: 600_000 }, '--silent-start');
    const started = participant.start().catch((e: unknown) => e);
    await participant.stop();
    const error = await started;
    expect(error).toBeInstanceOf(ParticipantStartError);
    expect((error as ParticipantStartError).context).toMatchObject({ message: 'the participant was stopped before it answered start' });
    expect(await participant.run(fauxCase('a/b/c', 'ok'))).toMatchObject({ status: 'errored' });
  });

  it('cannot start a command that does not exist', async () => {
    const participant = openParticipant('/nonexistent/participant --flag');
    expect(participant.name).toBe('participant');
    await expect(participant.start()).rejects.toMatchObject({ context: { message: expect.stringContaining('cannot run /nonexistent/participant --flag') } });
  });

  it('goes by the name the start reply gives, unless it was given one', async () => {
    const named = open({}, '--name other');
    await named.start();
    expect(named.name).toBe('other');
    await named.stop();
    const fixed = open({ name: 'mine' }, '--name other');
    await fixed.start();
    expect(fixed.name).toBe('mine');
    await fixed.stop();
  });

  it('with protocol validation, errors an answer that breaks the schema', async () => {
    const lax = open();
    const strict = open({ validateProtocol: true });
    const [laxOutcome, strictOutcome] = await Promise.all([lax.run(fauxCase('a/b/c', 'invalid')), strict.run(fauxCase('a/b/c', 'invalid'))]);
    await Promise.all([lax.stop(), strict.stop()]);
    expect(laxOutcome.status).toBe('result');
    expect(strictOutcome).toMatchObject({ status: 'errored', context: { message: expect.stringContaining('response violates the protocol schema') } });
  });

  it('errors a case it cannot write without sending it, and answers the next', async () => {
    const participant = open();
    const unwritable: ProtocolCase = { ...fauxCase('a/b/c', 'ok', { description: 'x' }), input: [undefined] as unknown as PyJson };
    expect(await participant.run(unwritable)).toEqual({ status: 'errored', context: { message: 'cannot write the case: Object of type undefined is not JSON serializable' } });
    expect(valueOf(await participant.run(fauxCase('a/b/d', 'ok', { description: 'next' })))).toBe('next');
    await participant.stop();
  });

  it('skips an op the start reply does not list, without asking', async () => {
    const participant = open({}, '--ops', 'normalize');
    expect(await participant.run(fauxCase('a/b/c', 'crash'))).toEqual({ status: 'skipped', reason: 'op derive_schema is not supported by faux' });
    await participant.stop();
  });

  it('sends a declaration by key to a participant that takes keys, and with it again after a restart', async () => {
    const participant = open({}, '--features', 'declaration_key');
    expect((await participant.start()).features).toEqual(['declaration_key']);
    const declaration = new Map<string, PyJson>([['format', 'f']]);
    const declared = (i: number, behaviour = 'declared'): ProtocolCase => ({ ...fauxCase(`a/b/c${i}`, behaviour), declaration });
    const schemaOf = (o: ParticipantOutcome): unknown => (o.status === 'result' ? (o.result as Map<string, unknown>).get('input_schema') : o.status);
    const before = await Promise.all([0, 1, 2].map((i) => participant.run(declared(i))));
    expect(before.map(schemaOf)).toEqual(['inline', 'stored', 'by key']);
    expect(before.every((o) => o.status === 'result' && (o.result as Map<string, unknown>).get('description') === '{"format":"f"}')).toBe(true);
    // The restarted process remembers nothing: the declaration goes with its key again.
    const after = await Promise.all([participant.run(declared(3, 'crash')), participant.run(declared(4)), participant.run(declared(5))]);
    await participant.stop();
    expect(after.map(schemaOf)).toEqual(['errored', 'stored', 'by key']);
  });

  it('sends every declaration as it is to a participant that lists no feature', async () => {
    const participant = open();
    const declaration = new Map<string, PyJson>([['format', 'f']]);
    const outcomes = await Promise.all([0, 1, 2].map((i) => participant.run({ ...fauxCase(`a/b/c${i}`, 'declared'), declaration })));
    await participant.stop();
    expect(outcomes.map((o) => o.status === 'result' && (o.result as Map<string, unknown>).get('input_schema'))).toEqual(['inline', 'inline', 'inline']);
  });

  it('errors whatever is asked after stop', async () => {
    const participant = open();
    await participant.start();
    await participant.stop();
    expect((await participant.run(fauxCase('a/b/c', 'ok'))).status).toBe('errored');
  });
});
