import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compareErrors } from '../../../conformance/compare/compareErrors.js';
import type { ConformanceReport } from '../../../conformance/report/report.js';
import { AgentparityError, ERROR_CODES, InvalidValueError, NotFoundError, codeOfClass, protocolCode } from '../../../src/errors.js';
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

const SRC = fileURLToPath(new URL('../../../src/', import.meta.url));
const PYTHON_REF = fileURLToPath(new URL('../../../python-ref/', import.meta.url));

// A code named at a raise rather than by its error's class: `code: 'X'` / `code="X"`.
const namedCodes = (texts: readonly string[], pattern: RegExp): string[] => texts.flatMap((text) => [...text.matchAll(pattern)].map((m) => m[1]!));

/** Every code TypeScript's runtime gives: its error classes' and those named at a raise. */
const typeScriptCodes = async (): Promise<Set<string>> => {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts')).map((f) => join(SRC, f));
  const codes = new Set(namedCodes(files.map((f) => readFileSync(f, 'utf8')), /\bcode: '([A-Z][A-Z0-9_]+)'/g));
  for (const file of files) {
    for (const value of Object.values(await import(pathToFileURL(file).href) as Record<string, unknown>)) {
      if (typeof value === 'function' && value.prototype instanceof AgentparityError) codes.add(codeOfClass(value.name));
    }
  }
  return codes;
};

// The harness's own modules are not the runtime (docs/internals.md, "Error kinds").
const PYTHON_CODES = String.raw`
import importlib, inspect, json, pathlib, pkgutil, re
import agentparity_ref
from agentparity_ref.errors import AgentparityError, code_of_class
HARNESS = ("agentparity_ref.ops", "agentparity_ref.codec", "agentparity_ref.kit", "agentparity_ref.participant")
for module in pkgutil.walk_packages(agentparity_ref.__path__, "agentparity_ref."):
    if not module.name.startswith(HARNESS):
        importlib.import_module(module.name)
def below(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from below(sub)
# A class whose every raise must name its code never gives its own.
def gives_own(cls):
    code = inspect.signature(cls.__init__).parameters.get("code")
    return code is None or code.default is not inspect.Parameter.empty
codes = {code_of_class(cls.__name__) for cls in below(AgentparityError) if not cls.__module__.startswith(HARNESS) and gives_own(cls)}
root = pathlib.Path(agentparity_ref.__path__[0])
for path in root.rglob("*.py"):
    if not ".".join(("agentparity_ref",) + path.relative_to(root).with_suffix("").parts).startswith(HARNESS):
        codes.update(re.findall(r'\bcode="([A-Z][A-Z0-9_]+)"', path.read_text()))
print(json.dumps(sorted(codes)))
`;

// docs/protocol.md's table of every code: `| CODE | TypeScript | Python |`, a dash where a language has no such code.
const documentedCodes = (): { typescript: Set<string>; python: Set<string> } => {
  const text = readFileSync(new URL('../../../docs/protocol.md', import.meta.url), 'utf8');
  const section = text.slice(text.indexOf('### Every code'), text.indexOf('\n## ', text.indexOf('### Every code')));
  const rows = [...section.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \| (.+?) \| (.+?) \|$/gm)];
  const having = (column: 2 | 3) => new Set(rows.filter((row) => row[column] !== '-').map((row) => row[1]!));
  return { typescript: having(2), python: having(3) };
};

describe('error codes', () => {
  it('docs/protocol.md lists every code each runtime gives, and no other', async () => {
    const documented = documentedCodes();
    const python = JSON.parse(execFileSync('python3', ['-c', PYTHON_CODES], { cwd: PYTHON_REF, encoding: 'utf8' })) as string[];
    expect([...documented.python].sort()).toEqual(python);
    expect([...documented.typescript].sort()).toEqual([...(await typeScriptCodes())].sort());
    for (const code of ERROR_CODES.keys()) expect([code, documented.typescript.has(code) && documented.python.has(code)]).toEqual([code, true]);
  });

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
