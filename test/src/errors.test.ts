import { describe, expect, it } from 'vitest';
import { InvalidValueError, untraced } from '../../src/errors.js';
import { cycleDetected } from '../../src/actions/normalize/resultErrors.js';

const frames = (error: Error): string[] => (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));

describe('untraced', () => {
  it('makes the error without stack frames and restores the stack limit, even when making it throws', () => {
    const limit = Error.stackTraceLimit;
    const error = untraced(() => new InvalidValueError('bad', { code: 'RESULT_NON_FINITE', path: 'result.a' }));
    expect([error.message, error.path, error.kind]).toEqual(['bad', 'result.a', 'ValueError']);
    expect(frames(error)).toEqual([]);
    expect(frames(new InvalidValueError('traced', { code: 'RESULT_NON_FINITE' })).length).toBeGreaterThan(0);
    expect(() =>
      untraced(() => {
        throw new RangeError('while making');
      }),
    ).toThrow('while making');
    expect(Error.stackTraceLimit).toBe(limit);
  });

  it('serves the refusals of a result: they name the data, not the code', () => {
    const error = cycleDetected('result.a[0]');
    expect(error.message).toBe('Sub-agent result must be JSON-compatible at result.a[0], cycle detected');
    expect(frames(error)).toEqual([]);
  });
});
