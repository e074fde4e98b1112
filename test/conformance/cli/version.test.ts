import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openParticipant } from '../../../conformance/clients/openParticipant.js';
import type { ConformanceReport } from '../../../conformance/report/report.js';
import { runCli } from '../../helpers/runCli.js';
import { tempFiles } from '../../helpers/tempFixtures.js';

const root = new URL('../../../', import.meta.url).pathname;
const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;

// Asked of Python itself: what the reference says its version is, and which pydantic is installed.
const python = JSON.parse(
  execFileSync('python3', ['-c', 'import json, importlib.metadata, agentparity_ref; print(json.dumps([agentparity_ref.__version__, importlib.metadata.version("pydantic")]))'], {
    env: { ...process.env, PYTHONPATH: join(root, 'python-ref') },
    encoding: 'utf8',
  }),
) as [string, string];

const participants = [openParticipant('python'), openParticipant('ts')];
afterAll(() => Promise.all(participants.map((p) => p.stop())));

const reviewCase = `cases:
  - id: schema/versions/review
    op: derive_schema
    declaration: {format: pydantic-neutral-declaration/1, root: Review, models: [{name: Review, fields: [{name: path, type: {type: str}, required: true}]}]}
    input: {description: Reviews.}
`;

describe('one version', () => {
  it('package.json is the one source: the Python reference and pyproject.toml take it from there', () => {
    expect(python[0]).toBe(version);
    const pyproject = readFileSync(join(root, 'python-ref', 'pyproject.toml'), 'utf8');
    expect(pyproject).toMatch(/^dynamic = \["version"\]$/m);
    expect(pyproject).toMatch(/^version = \{ attr = "agentparity_ref.__version__" \}$/m);
    expect(pyproject).not.toMatch(/^version = "/m);
  });

  it('both participants answer start with that version, and python with its pydantic', async () => {
    const [py, ts] = await Promise.all(participants.map((p) => p.start()));
    expect(py).toMatchObject({ language: 'python', version, libraries: { pydantic: python[1] } });
    expect(ts).toMatchObject({ language: 'typescript', version });
  });

  it.each([
    ['another pydantic', '0.0.1', 1],
    ['the installed pydantic', python[1], 0],
  ])('warns when python runs another pydantic than the fixtures were written against: %s', async (_, written, warnings) => {
    const fixtures = tempFiles({ 'schema/versions.yaml': reviewCase, 'written-against.json': JSON.stringify({ libraries: { pydantic: written } }) });
    const run = await runCli('conformance', '--fixtures', fixtures, '--only', 'python', '--reporter', 'json', '--allow-unchecked');
    const report = JSON.parse(run.stdout) as ConformanceReport;
    expect(run.code).toBe(0);
    expect(report.warnings ?? []).toHaveLength(warnings);
    if (warnings > 0) {
      const warning = `python runs pydantic ${python[1]}, but the fixtures were written against pydantic 0.0.1`;
      expect(report.warnings![0]).toContain(warning);
      expect(run.stderr).toContain(`warning: ${warning}`);
    }
  });

});
