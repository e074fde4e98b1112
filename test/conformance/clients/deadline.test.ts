import { describe, expect, it } from 'vitest';
import { caseDeadline, describeExpiry, formatBytes, requestBytes } from '../../../conformance/clients/deadline.js';
import { openParticipant } from '../../../conformance/clients/openParticipant.js';
import { writeCase } from '../../../conformance/protocol/runLine.js';
import { fauxCase, fauxCommand } from '../../helpers/faux.js';

describe('clients/deadline: a case deadline scales with its request', () => {
  it('is the base plus 1 ms per kB of the request', () => {
    expect(caseDeadline(10_000, 4_100_000)).toEqual({ ms: 14_100, baseMs: 10_000, requestBytes: 4_100_000 });
    expect(caseDeadline(10_000, 999)).toEqual({ ms: 10_000, baseMs: 10_000, requestBytes: 999 });
    expect(caseDeadline(500)).toEqual({ ms: 500, baseMs: 500 });
    expect([formatBytes(310), formatBytes(12_000), formatBytes(4_100_000)]).toEqual(['310 B', '12.0 kB', '4.1 MB']);
  });

  it('says who did not answer, within what and why, which case and op, and how long it ran', () => {
    expect(describeExpiry('python', { id: 'schema/basics/x', op: 'derive_schema' }, caseDeadline(10_000, 4_100_000), 14_102.4)).toBe(
      'no answer from python within 14100 ms (10000 ms, +1 ms per kB of a 4.1 MB request) for schema/basics/x (derive_schema); it ran 14102 ms',
    );
  });

  it('gives a large request of a process participant its longer deadline, and keeps the cases around the one never answered', async () => {
    const big = fauxCase('big/request/hangs', 'ok', { padding: 'x'.repeat(2_000_000) });
    const participant = openParticipant(fauxCommand('--hang-on', 'big/request/hangs'));
    await participant.start();
    // Only the case never answered has the short base: the others' is long enough that a loaded machine cannot miss it.
    const [before, hung, after] = await Promise.all([fauxCase('a/b/before', 'ok', { description: 'one' }), big, fauxCase('a/b/after', 'ok', { description: 'two' })].map((c) => participant.run(c, { timeoutMs: c === big ? 300 : 60_000 })));
    await participant.stop();
    const bytes = requestBytes(writeCase(big));
    expect(bytes).toBeGreaterThan(2_000_000);
    expect(hung).toMatchObject({
      status: 'errored',
      context: { message: expect.stringMatching(new RegExp(`^no answer from faux within ${300 + Math.floor(bytes / 1000)} ms \\(300 ms, \\+1 ms per kB of a 2\\.0 MB request\\) for big/request/hangs \\(derive_schema\\); it ran \\d+ ms; the participant was killed$`)) },
    });
    expect([before, after].map((o) => o.status)).toEqual(['result', 'result']);
  });
});
