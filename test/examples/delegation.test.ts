import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';

const EXAMPLES = join(import.meta.dirname, '..', '..', 'examples');

describe('examples/delegation', () => {
  it('prints the conversation, and the Python reference prints the same', async () => {
    const ts = await execa('node', ['--import', 'tsx', join(EXAMPLES, 'delegation.ts')], { timeout: 60_000 });
    const python = await execa('python3', [join(EXAMPLES, 'delegation.py')], { timeout: 60_000 });
    const lines = ts.stdout.split('\n');
    expect(lines[0]).toBe('callables offered: lookup_ticket, _subagent_researcher, _subagent_writer');
    expect(lines).toContain('tool [call-2]: Dear customer, we found the cause and are fixing it (calm).');
    expect(lines.at(-1)).toBe('assistant: T-1 is open because the disk is 97% full; no alert fired. Reply sent in a calm tone.');
    expect(python.stdout).toBe(ts.stdout);
  });
});
