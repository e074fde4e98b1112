import { describe, expect, it } from 'vitest';
import { fauxCommand } from '../../helpers/faux.js';
import { runCli } from '../../helpers/runCli.js';

// 2 s is the deadline a faux participant that hangs must miss; a real participant, importing its
// ops on a loaded machine, gets one it cannot miss.
const check = (participant: string, timeoutMs = 2000) => runCli('participant', 'check', participant, '--timeout', String(timeoutMs));

describe('participant check', () => {
  it.each(['python', 'ts-process'])('passes on our participant %s: every op, a malformed request, an unknown op, stop', async (participant) => {
    const done = await check(participant, 60_000);
    expect(done.code).toBe(0);
    for (const line of ['ok    start:', 'ok    normalize:', 'ok    derive_schema:', 'ok    malformed request: answered errored', 'ok    unknown op: answered skipped', 'ok    stop: exited with status 0']) {
      expect(done.stdout).toContain(line);
    }
    expect(done.stdout).toContain('exit 0: all 13 checks passed');
  });

  it.each([
    ['crash', 'FAIL  derive_schema: the process exited with status 3 before answering (a crash); stderr: faux: crashing on schema/basics/review'],
    ['hang', 'FAIL  derive_schema: no answer within 2000 ms (a hang); stderr: faux: hanging on schema/basics/review'],
    ['wrong-seq', 'FAIL  derive_schema: answered seq 1001 to the request with seq 1'],
    ['garbage', 'FAIL  derive_schema: wrote a line that is not JSON on stdout (stdout carries answers only): "this is not JSON"'],
  ])('fails, naming the problem, on a participant that answers with %s (exit 3)', async (behaviour, line) => {
    const done = await check(fauxCommand('--ops', 'derive_schema', '--behave', behaviour));
    expect(done.code).toBe(3);
    expect(done.stdout).toContain('ok    start: faux 0.0.1 (javascript), ops: derive_schema');
    expect(done.stdout).toContain(line);
    // The stream is out of step after such a failure: nothing later is judged.
    expect(done.stdout).not.toContain('malformed request');
    expect(done.stdout).toContain('exit 3: 1 of 2 checks failed');
  });

  it('fails a participant that answers a malformed request with a result, and one whose start is garbage', async () => {
    const lax = await check(fauxCommand('--ops', 'derive_schema'));
    expect(lax.code).toBe(3);
    expect(lax.stdout).toContain('FAIL  malformed request: must be answered errored, was answered "{\\"seq\\": \\"check-malformed\\", \\"result\\"');
    const garbled = await check(fauxCommand('--garbage-start'));
    expect(garbled.code).toBe(3);
    expect(garbled.stdout).toContain('FAIL  start: wrote a line that is not JSON on stdout (stdout carries answers only): "hello?"');
  });

  it('is a usage error without exactly one participant (exit 2)', async () => {
    expect((await runCli('participant', 'check')).code).toBe(2);
    expect((await runCli('participant', 'check', 'python', 'extra')).code).toBe(2);
  });
});
