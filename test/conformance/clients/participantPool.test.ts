import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openParticipant, openPooledParticipant } from '../../../conformance/clients/openParticipant.js';
import type { Participant, ParticipantOutcome } from '../../../conformance/clients/participant.js';
import { ParticipantPool } from '../../../conformance/clients/participantPool.js';
import { loadFixtureRoots } from '../../../conformance/fixtures/loadFixtures.js';
import { packageRoot } from '../../../conformance/packageRoot.js';
import { protocolCase } from '../../../conformance/run/runParticipants.js';
import { fauxCase, fauxCommand } from '../../helpers/faux.js';

const valueOf = (outcome: ParticipantOutcome): unknown =>
  outcome.status === 'result' ? (outcome.result as Map<string, unknown>).get('description') : outcome.status;

describe('participants/participantPool', () => {
  it('sends the k-th case to member k mod N, so a crash costs only that member and its restart', async () => {
    const members = [openParticipant(fauxCommand()), openParticipant(fauxCommand())];
    const pool = new ParticipantPool(members);
    await pool.start();
    // Case 3 crashes member 1 (3 mod 2); member 0 never sees a crash.
    const behaviours = ['ok', 'ok', 'ok', 'crash', 'ok', 'ok'];
    const outcomes = await Promise.all(behaviours.map((b, i) => pool.run(fauxCase(`a/b/c${i}`, b, { description: String(i) }))));
    await pool.stop();
    expect(outcomes.map(valueOf)).toEqual(['0', '1', '2', 'errored', '4', '5']);
    expect(members[0]!.restarts?.()).toEqual([]);
    expect(members[1]!.restarts?.()).not.toHaveLength(0);
    expect(pool.restarts()).toEqual(members[1]!.restarts?.());
  });

  it('takes the name of its first member and fails to start when that member cannot', async () => {
    const pool = openPooledParticipant(fauxCommand('--exit-at-start'), {}, 2);
    expect(pool).toBeInstanceOf(ParticipantPool);
    await expect(pool.start()).rejects.toMatchObject({ context: { message: expect.stringContaining('before answering start') } });
    expect((await pool.run(fauxCase('a/b/c', 'ok'))).status).toBe('errored');
    await pool.stop();
  });

  it('serves ts on worker threads that answer as the in-process participant does', async () => {
    const loaded = loadFixtureRoots([join(packageRoot(), 'fixtures')], ['schema/basics', 'normalize/depth']);
    const cases = loaded.cases.slice(0, 8).map(protocolCase);
    const threads = openPooledParticipant('ts', { timeoutMs: 60_000 }, 2);
    const answers = async (participant: Participant) => {
      const info = await participant.start();
      const outcomes = await Promise.all(cases.map((c) => participant.run(c)));
      await participant.stop();
      // A traceback names the frames that called the op, which differ; the message does not.
      return { info, outcomes: outcomes.map((o) => (o.status === 'result' ? o.text : o.status === 'errored' ? o.context.message : o)) };
    };
    const [fromThreads, inProcess] = await Promise.all([answers(threads), answers(openParticipant('ts'))]);
    expect(fromThreads).toEqual(inProcess);
    expect(fromThreads.outcomes.filter((o) => typeof o === 'string' && o.startsWith('{'))).not.toHaveLength(0);
    expect(threads.restarts?.()).toEqual([]);
  });
});
