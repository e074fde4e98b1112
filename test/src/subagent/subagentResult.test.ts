import { describe, expect, it } from 'vitest';
import { InvalidValueError } from '../../../src/errors.js';
import { SubagentFailure, SubagentResult } from '../../../src/subagent/subagentResult.js';

describe('subagent/SubagentResult', () => {
  it('carries a result on success', () => {
    const result = SubagentResult.ok({ verdict: 'approved' });
    expect([result.success, result.result, result.errorMessage, result.exception]).toEqual([true, { verdict: 'approved' }, null, null]);
    expect(SubagentResult.ok().result).toBeNull();
  });

  it("summarizes an Error by its name, where Python writes the class name", () => {
    expect(SubagentResult.error(new RangeError('boom')).errorMessage).toBe('RangeError: boom');
    expect(SubagentResult.error(new InvalidValueError('bad', { code: 'CALLABLE_DUPLICATE' })).errorMessage).toBe('InvalidValueError: bad');
  });

  it('keeps a message verbatim and gives none for null', () => {
    const failed = SubagentResult.error('upstream refused');
    expect([failed.success, failed.result, failed.errorMessage]).toEqual([false, null, 'upstream refused']);
    expect(SubagentResult.error(null).errorMessage).toBeNull();
  });

  it('stands for a RuntimeError when it failed', () => {
    const exception = SubagentResult.error('mailbox is full').exception;
    expect(exception).toBeInstanceOf(SubagentFailure);
    expect([exception?.kind, exception?.message]).toEqual(['RuntimeError', 'mailbox is full']);
  });
});
