import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../conformance/cli/command.js';
import { MAX_DEFAULT_JOBS, poolSize, readJobs } from '../../../conformance/cli/jobsOption.js';

describe('cli/jobsOption', () => {
  it('uses --jobs as given, whatever the cores and cases', () => {
    expect(poolSize(5, 1, 2, 2)).toBe(5);
  });

  it.each([
    // cores, participants, cases: members of each pool
    [2, 2, 513, 1],
    [2, 1, 513, 2],
    [16, 2, 5000, MAX_DEFAULT_JOBS],
    [16, 2, 1200, 3],
    [16, 3, 100_000, 5],
    [1, 2, 100_000, 1],
  ])('by default shares %i cores among %i participants, one member per 500 of %i cases', (cores, participants, cases, members) => {
    expect(poolSize(undefined, cases, participants, cores)).toBe(members);
  });

  it('refuses a --jobs below 1 or not whole', () => {
    expect(() => readJobs('0')).toThrow(UsageError);
    expect(() => readJobs('1.5')).toThrow('--jobs takes a whole number of at least 1, not "1.5"');
    expect(readJobs(undefined)).toBeUndefined();
  });
});
