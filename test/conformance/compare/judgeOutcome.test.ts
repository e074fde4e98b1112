import { describe, expect, it } from 'vitest';
import { parsePyJson } from '../../../src/json/parsePyJson.js';
import { judgeOutcome } from '../../../conformance/compare/judgeOutcome.js';
import type { FixtureCase } from '../../../conformance/fixtures/fixtureCase.js';
import type { ParticipantOutcome } from '../../../conformance/clients/participant.js';

const result = (text: string): ParticipantOutcome => ({ status: 'result', result: parsePyJson(text), text });
const base: FixtureCase = { id: 'a/b/c', area: 'a', file: 'a/b.yaml', op: 'normalize', contracts: [] };
const withExpect = (text: string): FixtureCase => ({ ...base, expect: parsePyJson(text) as Map<string, never> });
const python = (outcome: ParticipantOutcome) => ({ name: 'python', outcome });

describe('compare/judgeOutcome', () => {
  it('keeps errored and skipped apart, with the context and the last stderr line', async () => {
    const context = { message: 'the participant exited with code 3 while running this case', exitCode: 3, stderr: 'one\ntwo\n' };
    expect(await judgeOutcome(base, 'ts', { status: 'errored', context }, undefined)).toEqual({ status: 'errored', detail: `${context.message} (stderr: two)`, context });
    expect(await judgeOutcome(base, 'ts', { status: 'skipped', reason: 'not here' }, undefined)).toEqual({ status: 'skipped', detail: 'not here' });
  });

  it('compares with expect and with the reference, and the worse verdict wins', async () => {
    const verdict = await judgeOutcome(withExpect('{"v": 1}'), 'ts', result('{"v": 1.0}'), python(result('{"v": 2}')));
    expect(verdict).toEqual({ status: 'divergent', detail: 'vs expect: `/v` is 1 in expect and 1.0 in ts; vs python: `/v` is 2 in python and 1.0 in ts' });
  });

  it('compares the reference with expect only', async () => {
    expect(await judgeOutcome(withExpect('{"v": 1}'), 'python', result('{"v": 1}'), python(result('{"v": 1}')))).toEqual({ status: 'identical', detail: '' });
    expect((await judgeOutcome(withExpect('{"v": 1}'), 'python', result('{"v": 3}'), python(result('{"v": 3}')))).status).toBe('divergent');
  });

  it('lets a reference result without expect stand when another participant answered, and calls it unchecked otherwise', async () => {
    const answered = { ...python(result('{"v": 1}')), corroborated: true };
    expect(await judgeOutcome(base, 'python', result('{"v": 1}'), answered)).toEqual({ status: 'identical', detail: 'no expect: the reference result stands' });
    expect(await judgeOutcome(base, 'python', result('{"v": 1}'), python(result('{"v": 1}')))).toEqual({ status: 'unchecked', detail: 'not checked: the case has no expect and no other participant answered it' });
  });

  it('reads no result value when both participants wrote the same text', async () => {
    const unread = (text: string): ParticipantOutcome => ({
      status: 'result',
      text,
      get result(): never {
        throw new Error('the value was read');
      },
    });
    expect(await judgeOutcome(base, 'ts', unread('{"v": 1}'), python(unread('{"v": 1}')))).toEqual({ status: 'identical', detail: '' });
    await expect(judgeOutcome(base, 'ts', unread('{"v": 1}'), python(unread('{"v": 1.0}')))).rejects.toThrow('the value was read');
  });

  it('says when the reference could not be compared with', async () => {
    const crashed = python({ status: 'errored', context: { message: 'x' } });
    expect(await judgeOutcome(withExpect('{"v": 1}'), 'ts', result('{"v": 1}'), crashed)).toEqual({ status: 'identical', detail: 'compared with expect only (python errored)' });
    expect(await judgeOutcome(base, 'ts', result('{"v": 1}'), crashed)).toEqual({ status: 'unchecked', detail: 'not checked: the case has no expect and python errored' });
    expect(await judgeOutcome(base, 'ts', result('{"v": 1}'), undefined)).toEqual({ status: 'unchecked', detail: 'not checked: the case has no expect and no reference participant ran' });
  });
});
