import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePyJson } from '../../src/json/parsePyJson.js';
import { runCli } from '../helpers/runCli.js';
import { tempFiles } from '../helpers/tempFixtures.js';

const DOCUMENT = join(import.meta.dirname, '..', '..', 'examples', 'triage-agents.yaml');

const providers = (text: string, type: string): Map<string, Map<string, unknown>> =>
  ((parsePyJson(text) as Map<string, Map<string, unknown>>).get('resource_providers') as Map<string, Map<string, Map<string, unknown>>>).get(type)!;

// The README's plan commands, kept true: both languages build equivalent plans of the example.
describe('examples/triage-agents.yaml', () => {
  it('builds equivalent plans in both languages, and a changed argument is named by its pointer', async () => {
    const ts = await runCli('plan', 'build', DOCUMENT, '--agent', 'triage');
    const python = await runCli('plan', 'build', DOCUMENT, '--agent', 'triage', '--impl', 'python');
    expect([ts.code, python.code]).toEqual([0, 0]);
    const agents = providers(python.stdout, 'agent');
    expect([...agents.keys()]).toEqual(['researcher', 'writer']);
    const researcher = agents.get('researcher')!.get('serialized') as Map<string, unknown>;
    expect(researcher.get('input_schema')).toBe(
      '{"description": "What the researcher is asked.", "properties": {"question": {"title": "Question", "type": "string"}, "depth": {"default": 1, "title": "Depth", "type": "integer"}}, "required": ["question"], "title": "Question", "type": "object"}',
    );
    const dir = tempFiles({ 'ts.json': ts.stdout, 'py.json': python.stdout });
    const same = await runCli('plan', 'diff', join(dir, 'ts.json'), join(dir, 'py.json'));
    expect(same.code).toBe(0);
    writeFileSync(join(dir, 'changed.json'), python.stdout.replace('"qwen3"', '"llama3"'));
    const changed = await runCli('plan', 'diff', join(dir, 'py.json'), join(dir, 'changed.json'));
    expect(changed.code).toBe(1);
    expect(changed.stdout).toContain('/resource_providers/chat_model/chat/descriptor/arguments/model');
  });
});
