import { describe, expect, it } from 'vitest';
import { targetRows } from '../../bench/targets.js';

const figures = (ratio: number) => ({ 'fuzz-jobs': { normalize: { jobs_2_over_1: ratio, jobs_2_per_second: 5200 } }, 'fuzz-schema': { values_per_second: 100 } });
const row = (rows: ReturnType<typeof targetRows>, figure: string) => rows.find((r) => r.figure === figure);

describe('bench/targets', () => {
  it('scales a two-member target down to the speed-up the cores the two participants share allow', () => {
    expect(row(targetRows(figures(0.95), 2), 'fuzz-jobs.normalize.jobs_2_over_1')).toMatchObject({ target: 1, met: false, fails_check: false });
    expect(row(targetRows(figures(0.95), 16), 'fuzz-jobs.normalize.jobs_2_over_1')).toMatchObject({ target: 1.3, met: false, fails_check: false });
    expect(row(targetRows(figures(0.6), 2), 'fuzz-jobs.normalize.jobs_2_over_1')).toMatchObject({ fails_check: true });
    expect(row(targetRows(figures(1), 2), 'fuzz-jobs.normalize.jobs_2_per_second')).toMatchObject({ target: 5000, met: true });
    expect(row(targetRows(figures(1), 3), 'fuzz-jobs.normalize.jobs_2_per_second')).toMatchObject({ target: 6500, met: false });
  });

  it('leaves other targets as they are, and a figure that did not print is null', () => {
    const rows = targetRows(figures(1), 2);
    expect(row(rows, 'fuzz-schema.values_per_second')).toMatchObject({ target: 250, value: 100, met: false, fails_check: true });
    expect(row(rows, 'fuzz-jobs.schema.jobs_2_over_1')).toMatchObject({ value: null, met: false, fails_check: false });
    expect(rows.some((r) => r.figure.startsWith('conformance-suite'))).toBe(false);
  });
});
