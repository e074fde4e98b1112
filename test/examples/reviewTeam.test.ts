import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';

const EXAMPLES = join(import.meta.dirname, '..', '..', 'examples');

describe('examples/review-team', () => {
  it("prints both scopes' conversations, and the Python reference prints the same", async () => {
    const ts = await execa('node', ['--import', 'tsx', join(EXAMPLES, 'review-team.ts')], { timeout: 60_000 });
    const python = await execa('python3', [join(EXAMPLES, 'review-team.py')], { timeout: 60_000 });
    const lines = ts.stdout.split('\n');
    const reviewerAt = lines.indexOf('== reviewer (offered: count_lines) ==');
    expect(lines[0]).toBe('== lead (offered: _subagent_reviewer, _subagent_security) ==');
    expect(reviewerAt).toBeGreaterThan(0);
    // The lead sees the reviewer's outputs as a list and the HTTP sub-agent's answer; the reviewer's own tool stays in its scope.
    expect(lines.slice(0, reviewerAt)).toContain('tool [call-1]: ["LGTM: 2 lines added, and the change comes with a test."]');
    expect(lines.slice(0, reviewerAt)).toContain('tool [call-2]: {"risk":"low","checked_lines":2}');
    expect(lines.slice(0, reviewerAt).some((l) => l.includes('count_lines'))).toBe(false);
    expect(lines.slice(reviewerAt)).toContain('tool [r-1]: {"added": 2}');
    expect(lines.slice(reviewerAt)).toContain('assistant: LGTM: 2 lines added, and the change comes with a test.');
    expect(python.stdout).toBe(ts.stdout);
  });
});
