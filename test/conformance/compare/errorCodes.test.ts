import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compareErrors } from '../../../conformance/compare/compareErrors.js';
import type { ConformanceReport } from '../../../conformance/report/report.js';
import { ERROR_CODES, InvalidValueError, NotFoundError, protocolCode } from '../../../src/errors.js';
import { runCli } from '../../helpers/runCli.js';
import { tempFiles } from '../../helpers/tempFixtures.js';
import { obj } from '../../helpers/tree.js';

// A participant written from docs/protocol.md alone, as version 1 first was: it speaks version 1,
// runs normalize, and reports a cycle without a `code`.
const VERSION_1_PARTICIPANT = String.raw`
const { createInterface } = require('node:readline');
const send = (message) => process.stdout.write(JSON.stringify(message) + '\n');
createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  if (message.cmd === 'start') {
    send({ version: 1, implementation: { name: 'v1', language: 'javascript', version: '1.0.0', ops: ['normalize'] } });
  } else if (message.cmd === 'run') {
    // The result as Python's json.dumps writes it, so that only the code can set the texts apart.
    const result = '{"error": {"kind": "ValueError", "message": "Sub-agent result must be JSON-compatible at result[0], cycle detected", "path": "result[0]"}}';
    process.stdout.write('{"seq": ' + JSON.stringify(message.seq) + ', "result": ' + result + '}\n');
  } else if (message.cmd === 'stop') {
    process.exit(0);
  }
});
`;

const CYCLE_CASE = `description: a cycle, which both runtimes report with the code RESULT_CYCLE
cases:
  - id: codes/cycle/root-list
    op: normalize
    input: {value: {$id: r, value: [{$ref: r}]}}
    expect:
      error: {kind: ValueError, message: 'Sub-agent result must be JSON-compatible at result[0], cycle detected', path: 'result[0]'}
`;

describe('error codes', () => {
  it('the two runtimes and docs/protocol.md hold the same table', () => {
    const program = 'import json\nfrom agentparity_ref.errors import ERROR_CODES\nprint(json.dumps(ERROR_CODES))';
    const python = JSON.parse(execFileSync('python3', ['-c', program], { cwd: new URL('../../../python-ref/', import.meta.url), encoding: 'utf8' })) as unknown;
    const ours = Object.fromEntries([...ERROR_CODES].map(([code, { kind, message }]) => [code, [kind, message]]));
    expect(ours).toEqual(python);
    const documented = [...readFileSync(new URL('../../../docs/protocol.md', import.meta.url), 'utf8').matchAll(/^\| `([A-Z_]+)` \| `(\w+)` \| `(.+)` \|$/gm)];
    expect(Object.fromEntries(documented.map(([, code, kind, message]) => [code, [kind, message]]))).toEqual(ours);
  });

  it('every error has a code; only the shared ones travel', () => {
    expect(new InvalidValueError('x').code).toBe('INVALID_VALUE');
    expect(protocolCode(new InvalidValueError('x'))).toBeUndefined();
    expect(protocolCode(new NotFoundError('x', { code: 'RESOURCE_NOT_FOUND' }))).toBe('RESOURCE_NOT_FOUND');
    expect(protocolCode(new Error('x'))).toBeUndefined();
  });

  it('codes are compared first where both sides send one', () => {
    const sides = { left: 'a', right: 'b' };
    const error = (code?: string) => obj({ kind: 'ValueError', ...(code ? { code } : {}), message: 'm' });
    expect(compareErrors(error('RESULT_CYCLE'), error('RESULT_NON_FINITE'), sides)).toMatchObject({ status: 'divergent', detail: 'error code is "RESULT_CYCLE" in a and "RESULT_NON_FINITE" in b' });
    expect(compareErrors(error('RESULT_CYCLE'), error(), sides).status).toBe('identical');
    expect(compareErrors(error('RESULT_CYCLE'), error('RESULT_CYCLE'), sides).status).toBe('identical');
  });

  it('a version-1 participant that sends no code is identical to one that does, and the report names each code', async () => {
    const dir = tempFiles({ 'codes/cycle.yaml': CYCLE_CASE, 'v1.cjs': VERSION_1_PARTICIPANT });
    const run = await runCli('conformance', '--reporter', 'json', '--fixtures', dir, '--only', 'ts', '--only', `${process.execPath} ${dir}/v1.cjs`, '--reference', 'v1');
    const report = JSON.parse(run.stdout) as ConformanceReport;
    expect(run.code).toBe(0);
    expect(report.cases.map((c) => [c.participant, c.status, c.error_code])).toEqual([
      ['ts', 'identical', 'RESULT_CYCLE'],
      ['v1', 'identical', undefined],
    ]);
  });
});
