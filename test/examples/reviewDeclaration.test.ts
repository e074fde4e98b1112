import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/runCli.js';

const EXAMPLES = join(import.meta.dirname, '..', '..', 'examples');
const DECLARATION = join(EXAMPLES, 'review.yaml');
const RESULT = join(EXAMPLES, 'result.json');

// The README's schema and normalize commands, kept true in both languages.
describe('examples/review.yaml and examples/result.json', () => {
  it.each(['ts', 'python'])('derive the input schema pydantic prints (%s)', async (impl) => {
    const run = await runCli('schema', DECLARATION, '--impl', impl);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      '{"description": "A file to review.", "properties": {"path": {"title": "Path", "type": "string"}, "lines": {"default": 0, "title": "Lines", "type": "integer"}, ' +
        '"reviewed_at": {"anyOf": [{"format": "date-time", "type": "string"}, {"type": "null"}], "default": null, "title": "Reviewed At"}}, "required": ["path"], "title": "Review", "type": "object"}\n',
    );
  });

  it.each(['ts', 'python'])('read the result through the type: text to int, a timestamp to UTC, the extra field dropped (%s)', async (impl) => {
    const run = await runCli('normalize', RESULT, '--impl', impl, '--result-type', DECLARATION);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      ok: { path: 'src/app.ts', lines: 42, reviewed_at: '2023-11-14T22:13:20Z' },
      content: '{"path":"src/app.ts","lines":42,"reviewed_at":"2023-11-14T22:13:20Z"}',
    });
  });
});
