import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REVIEW_DECLARATION } from '../../helpers/reviewDeclaration.js';
import { runCli } from '../../helpers/runCli.js';
import { tempFiles } from '../../helpers/tempFixtures.js';

// json.dumps(Review.model_json_schema()) for `class Review(BaseModel): path: str; lines: int = 0`.
const reviewSchema =
  '{"properties": {"path": {"title": "Path", "type": "string"}, "lines": {"default": 0, "title": "Lines", "type": "integer"}}, "required": ["path"], "title": "Review", "type": "object"}';

describe('cli/schema', () => {
  it('prints the schema text the python participant derives, on one line', async () => {
    const file = join(tempFiles({ 'review.yaml': REVIEW_DECLARATION }), 'review.yaml');
    const run = await runCli('schema', file, '--impl', 'python');
    expect(run).toMatchObject({ code: 0, stdout: `${reviewSchema}\n` });
  });

  it('refuses a malformed declaration, naming the file and the path (exit 2)', async () => {
    const file = join(tempFiles({ 'bad.yaml': REVIEW_DECLARATION.replace('type: str', 'type: string') }), 'bad.yaml');
    const run = await runCli('schema', file, '--impl', 'python');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${file}: $.models[0].fields[0].type.type:`);
    expect(run.stdout).toBe('');
  });

  it.each([[[]], [['a.yaml', 'b.yaml']], [['a.yaml', '--impl', 'java']]])('exits 2 on a usage problem: %j', async (argv) => {
    const run = await runCli('schema', ...argv);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('usage: agentparity schema FILE [--impl ts|python]');
  });
});

describe('cli input that is not UTF-8', () => {
  // Bytes that are not UTF-8 used to become U+FFFD silently; Python's own loader refuses them.
  it.each([
    ['schema', 'decl.yaml'],
    ['plan build', 'agents.yaml'],
    ['normalize', 'value.json'],
  ])('%s refuses the file with the byte offset (exit 2)', async (command, name) => {
    const file = join(tempFiles({ [name]: '' }), name);
    writeFileSync(file, Buffer.from([...Buffer.from('# caf'), 0xe9, 0x0a, ...Buffer.from('"x"\n')]));
    const run = await runCli(...command.split(' '), file);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(file);
    expect(run.stderr).toContain("'utf-8' codec can't decode byte 0xe9 in position 5: invalid continuation byte");
  });
});
