import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { compareErrors } from '../../../conformance/compare/compareErrors.js';
import type { ConformanceReport } from '../../../conformance/report/report.js';
import { tsOps, type OpName, type ProtocolCase } from '../../../conformance/serve/ops/index.js';
import { AgentparityError, ERROR_CODES, InvalidValueError, isErrorCode, protocolCode, type ErrorCode, type ErrorCodeEntry } from '../../../src/errors.js';
import { parsePyJson } from '../../../src/json/parsePyJson.js';
import { parseYaml } from '../../../src/json/parseYaml.js';
import type { PyJson } from '../../../src/json/pyJson.js';
import { writePyJson } from '../../../src/json/writePyJson.js';
import { runCli } from '../../helpers/runCli.js';
import { tempFiles } from '../../helpers/tempFixtures.js';
import { obj } from '../../helpers/tree.js';

// A participant written from docs/protocol.md alone, as version 1 first was: it speaks version 1,
// runs normalize, and reports a cycle with the error it is given (by default without a `code`).
const participant = (error: string): string => String.raw`
const { createInterface } = require('node:readline');
const send = (message) => process.stdout.write(JSON.stringify(message) + '\n');
createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  if (message.cmd === 'start') {
    send({ version: 1, implementation: { name: 'v1', language: 'javascript', version: '1.0.0', ops: ['normalize'] } });
  } else if (message.cmd === 'run') {
    // The result as Python's json.dumps writes it, so that only the code can set the texts apart.
    const result = '{"error": ${error}}';
    process.stdout.write('{"seq": ' + JSON.stringify(message.seq) + ', "result": ' + result + '}\n');
  } else if (message.cmd === 'stop') {
    process.exit(0);
  }
});
`;

const CYCLE_ERROR = '{"kind": "ValueError", "message": "Sub-agent result must be JSON-compatible at result[0], cycle detected", "path": "result[0]"}';

const CYCLE_CASE = `description: a cycle, which both runtimes report with the code RESULT_CYCLE
cases:
  - id: codes/cycle/root-list
    op: normalize
    input: {value: {$id: r, value: [{$ref: r}]}}
    expect:
      error: {kind: ValueError, message: 'Sub-agent result must be JSON-compatible at result[0], cycle detected', path: 'result[0]'}
`;

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SRC = join(ROOT, 'src');
const PYTHON_REF = join(ROOT, 'python-ref');

/** One construction of an error class: where, the class, and the code it names (`null`: none, `'*'`: one not written out). */
interface Construction {
  readonly site: string;
  readonly name: string;
  readonly code: string | null;
}

const codeProperty = (node: ts.Node): string | null => {
  if (!ts.isObjectLiteralExpression(node)) return null;
  for (const property of node.properties) {
    if (ts.isPropertyAssignment(property) && property.name.getText() === 'code') {
      return ts.isStringLiteral(property.initializer) ? property.initializer.text : '*';
    }
    if (ts.isShorthandPropertyAssignment(property) && property.name.text === 'code') return '*';
  }
  return null;
};

/** The TypeScript runtime's error classes, those whose constructor names their code, every construction in `src/`, and every code `src/` and the harness name. */
const typeScriptSources = async () => {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts')).map((f) => join(SRC, f));
  const classes = new Set<string>();
  for (const file of files) {
    for (const value of Object.values(await import(pathToFileURL(file).href) as Record<string, unknown>)) {
      if (typeof value === 'function' && value.prototype instanceof AgentparityError) classes.add(value.name);
    }
  }
  // The harness's scripted world raises a runtime error too (a scripted cancellation).
  const harness = readdirSync(join(ROOT, 'conformance'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts')).map((f) => join(ROOT, 'conformance', f));
  const codedClasses = new Set<string>();
  // Each class's own literal kind (\`readonly kind = 'ValueError'\`), else the class it extends; null for a kind set per error.
  const ownKinds = new Map<string, string | null>();
  const parents = new Map<string, string>();
  const constructions: Construction[] = [];
  const named = new Set<string>();
  for (const file of [...files, ...harness]) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    let inClass: string | undefined;
    const visit = (node: ts.Node): void => {
      const outer = inClass;
      if (ts.isClassDeclaration(node) && node.name !== undefined) {
        inClass = node.name.text;
        const parent = node.heritageClauses?.[0]?.types[0]?.expression;
        if (parent !== undefined && ts.isIdentifier(parent)) parents.set(inClass, parent.text);
      }
      if ((ts.isPropertyDeclaration(node) || ts.isParameter(node)) && inClass !== undefined && node.name.getText() === 'kind') {
        ownKinds.set(inClass, ts.isPropertyDeclaration(node) && node.initializer !== undefined && ts.isStringLiteral(node.initializer) && node.type === undefined ? node.initializer.text : null);
      }
      if (ts.isStringLiteral(node) && isErrorCode(node.text) && !file.endsWith(join('src', 'errors.ts'))) named.add(node.text);
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.SuperKeyword && inClass !== undefined && node.arguments.some((a) => codeProperty(a) !== null)) {
        codedClasses.add(inClass);
      }
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && classes.has(node.expression.text)) {
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        const code = (node.arguments ?? []).map(codeProperty).find((c) => c !== null) ?? null;
        if (files.includes(file)) constructions.push({ site: `${relative(SRC, file)}:${line}`, name: node.expression.text, code });
      }
      ts.forEachChild(node, visit);
      inClass = outer;
    };
    visit(source);
  }
  const kindOf = (name: string): string | null | undefined => (ownKinds.has(name) ? ownKinds.get(name) : parents.has(name) ? kindOf(parents.get(name)!) : undefined);
  const kinds = Object.fromEntries([...classes].map((name) => [name, kindOf(name) ?? null]));
  return { classes, codedClasses, constructions, named, kinds };
};

// The same for the Python reference, through its own parser. The harness's modules are not the
// runtime (docs/internals.md, "Error kinds").
const PYTHON_SOURCES = String.raw`
import ast, importlib, json, pathlib, pkgutil
import agentparity_ref
from agentparity_ref.errors import AgentparityError, ERROR_CODES
HARNESS = ("agentparity_ref.ops", "agentparity_ref.codec", "agentparity_ref.kit", "agentparity_ref.participant")
for module in pkgutil.walk_packages(agentparity_ref.__path__, "agentparity_ref."):
    if not module.name.startswith(HARNESS):
        importlib.import_module(module.name)
def below(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from below(sub)
classes = {cls.__name__ for cls in below(AgentparityError) if not cls.__module__.startswith(HARNESS)}
coded, constructions, named = set(), [], set()
root = pathlib.Path(agentparity_ref.__path__[0])
def code_of(call):
    for keyword in call.keywords:
        if keyword.arg == "code":
            return keyword.value.value if isinstance(keyword.value, ast.Constant) else "*"
    return None
for path in sorted(root.rglob("*.py")):
    relative = path.relative_to(root)
    if ".".join(("agentparity_ref",) + relative.with_suffix("").parts).startswith(HARNESS):
        continue
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name in classes:
            for call in ast.walk(node):
                if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "__init__" and code_of(call) is not None:
                    coded.add(node.name)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in ERROR_CODES and path.name != "errors.py":
            named.add(node.value)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in classes:
            constructions.append({"site": f"{relative.as_posix()}:{node.lineno}", "name": node.func.id, "code": code_of(node)})

kinds = {cls.__name__: next((c.__name__ for c in cls.__mro__ if c.__module__ == "builtins" and c is not Exception), None) for cls in below(AgentparityError)}
print(json.dumps({"classes": sorted(classes), "codedClasses": sorted(coded), "constructions": constructions, "named": sorted(named), "kinds": kinds}))
`;

interface PythonSources {
  readonly classes: string[];
  readonly codedClasses: string[];
  readonly kinds: Record<string, string | null>;
  readonly constructions: Construction[];
  readonly named: string[];
}

const pythonSources = (): PythonSources => JSON.parse(execFileSync('python3', ['-c', PYTHON_SOURCES], { cwd: PYTHON_REF, encoding: 'utf8' })) as PythonSources;

/** The raises whose class is of another kind than their code's (a class whose kind is set per error is left out). */
const wrongKinds = (constructions: readonly Construction[], kinds: Readonly<Record<string, string | null>>): string[] =>
  constructions
    .filter((c) => c.code !== null && isErrorCode(c.code) && kinds[c.name] != null && ERROR_CODES[c.code].kind !== 'recorded')
    .filter((c) => kinds[c.name] !== ERROR_CODES[c.code as ErrorCode].kind)
    .map((c) => `${c.site} ${c.name} is a ${kinds[c.name]}, ${c.code} a ${ERROR_CODES[c.code as ErrorCode].kind}`);

/** The raises that name no code of the table (a class whose constructor names one is fine; `'*'` is a code passed on, which the type checks in TypeScript). */
const uncoded = (constructions: readonly Construction[], codedClasses: ReadonlySet<string>): string[] =>
  constructions
    .filter((c) => (c.code === null ? !codedClasses.has(c.name) : c.code !== '*' && !isErrorCode(c.code)))
    .map((c) => `${c.site} ${c.name} ${c.code ?? '(no code)'}`);

// A message as its template says: every `{slot}` stands for any text.
const templatePattern = (template: string): RegExp =>
  new RegExp(`^${template.split(/\{[A-Za-z_]+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\s\\S]*')}$`);

// docs/protocol.md's table of every code: `| CODE | kind | message | raised by |`.
const documentedCodes = (): Record<string, [string, string, string]> => {
  const text = readFileSync(join(ROOT, 'docs', 'protocol.md'), 'utf8');
  const section = text.slice(text.indexOf('### Every code'), text.indexOf('\n## ', text.indexOf('### Every code')));
  const rows = [...section.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \| `([^`]+)` \| (`` (.+) ``|`(.+)`) \| (both|TypeScript|Python) \|$/gm)];
  const unescape = (message: string) => message.replaceAll('\\|', '|').replaceAll('\\n', '\n');
  return Object.fromEntries(rows.map((row) => [row[1]!, [row[2]!, unescape(row[4] ?? row[5]!), row[6]!]]));
};

const RAISED_BY = { typescript: 'TypeScript', python: 'Python' } as const;

// Every error a result holds, at any depth (a run's events carry the errors of the calls in it).
const errorsIn = (value: PyJson | undefined, found: Map<string, PyJson>[] = []): Map<string, PyJson>[] => {
  if (Array.isArray(value)) for (const item of value) errorsIn(item, found);
  else if (value instanceof Map) {
    if (typeof value.get('code') === 'string' && typeof value.get('message') === 'string') found.push(value as Map<string, PyJson>);
    for (const item of value.values()) errorsIn(item, found);
  }
  return found;
};

const FIXTURES = join(ROOT, 'fixtures');
const fixtureCases = (): Map<string, PyJson>[] =>
  readdirSync(FIXTURES, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .flatMap((file) => ((parseYaml(readFileSync(join(FIXTURES, file), 'utf8')) as Map<string, PyJson>).get('cases') as Map<string, PyJson>[]));

describe('error codes', () => {
  it('the two runtimes hold the same table, and docs/protocol.md lists it', () => {
    const program = 'import json\nfrom agentparity_ref.errors import ERROR_CODES\nprint(json.dumps(ERROR_CODES))';
    const python = JSON.parse(execFileSync('python3', ['-c', program], { cwd: PYTHON_REF, encoding: 'utf8' })) as unknown;
    const entries = Object.entries(ERROR_CODES) as [ErrorCode, ErrorCodeEntry][];
    expect(Object.fromEntries(entries.map(([code, { kind, message, only }]) => [code, [kind, message, only ?? null]]))).toEqual(python);
    expect(documentedCodes()).toEqual(Object.fromEntries(entries.map(([code, { kind, message, only }]) => [code, [kind, message, only === undefined ? 'both' : RAISED_BY[only]]])));
  });

  it('every raise names a code of the table, of its kind, and each code is raised by the runtimes the table says', async () => {
    const typescript = await typeScriptSources();
    const python = pythonSources();
    expect(uncoded(typescript.constructions, typescript.codedClasses)).toEqual([]);
    expect(uncoded(python.constructions, new Set(python.codedClasses))).toEqual([]);
    // The same failure is the same kind in both languages: each raise's class is of its code's kind.
    expect(wrongKinds(typescript.constructions, typescript.kinds)).toEqual([]);
    expect(wrongKinds(python.constructions, python.kinds)).toEqual([]);
    const pythonNamed = new Set(python.named);
    const misplaced = Object.entries(ERROR_CODES).flatMap(([code, entry]) => {
      const { only } = entry as ErrorCodeEntry;
      const inTs = typescript.named.has(code);
      const inPy = pythonNamed.has(code);
      return inTs === (only !== 'python') && inPy === (only !== 'typescript') ? [] : [`${code}: raised by ${inTs ? 'TypeScript' : ''}${inPy ? ' Python' : ''}, the table says ${only ?? 'both'}`];
    });
    expect(misplaced).toEqual([]);
  });

  it('every code travels in the protocol; an error of another kind has none', () => {
    for (const code of Object.keys(ERROR_CODES) as ErrorCode[]) expect(protocolCode(new InvalidValueError('x', { code }))).toBe(code);
    expect(protocolCode(new Error('x'))).toBeUndefined();
  });

  it('each error the fixtures draw from the TypeScript runtime has the kind and the message of its code', async () => {
    const seen = new Set<string>();
    for (const fixture of fixtureCases()) {
      const sent = parsePyJson(writePyJson(new Map([...fixture].filter(([k]) => ['id', 'op', 'declaration', 'input'].includes(k))))) as Map<string, PyJson>;
      const op = tsOps[sent.get('op') as OpName];
      if (op === undefined) continue;
      const protocolCase: ProtocolCase = { id: sent.get('id') as string, op: sent.get('op') as OpName, declaration: sent.get('declaration'), input: sent.get('input') };
      const outcome = await op(protocolCase);
      if (!('result' in outcome)) continue;
      for (const error of errorsIn(outcome.result)) {
        const code = error.get('code') as string;
        expect(isErrorCode(code), `${protocolCase.id}: ${code}`).toBe(true);
        const entry = ERROR_CODES[code as ErrorCode];
        if (entry.kind !== 'recorded') expect([protocolCase.id, code, error.get('kind')]).toEqual([protocolCase.id, code, entry.kind]);
        expect(error.get('message') as string, `${protocolCase.id}: ${code}`).toMatch(templatePattern(entry.message));
        seen.add(code);
      }
    }
    // The fixtures reach the codes of the protocol's own ops, at least.
    expect([...seen]).toEqual(expect.arrayContaining(['RESULT_CYCLE', 'RESULT_NOT_JSON', 'SUBAGENT_INPUT_SCHEMA_BLANK']));
  });

  it('codes are compared first where both sides send one', () => {
    const sides = { left: 'a', right: 'b' };
    const error = (code?: string) => obj({ kind: 'ValueError', ...(code ? { code } : {}), message: 'm' });
    expect(compareErrors(error('RESULT_CYCLE'), error('RESULT_NON_FINITE'), sides)).toMatchObject({ status: 'divergent', detail: 'error code is "RESULT_CYCLE" in a and "RESULT_NON_FINITE" in b' });
    expect(compareErrors(error('RESULT_CYCLE'), error(), sides).status).toBe('identical');
    expect(compareErrors(error('RESULT_CYCLE'), error('RESULT_CYCLE'), sides).status).toBe('identical');
  });

  it('a version-1 participant that sends no code is identical to one that does, and the report names each code', async () => {
    const dir = tempFiles({ 'codes/cycle.yaml': CYCLE_CASE, 'v1.cjs': participant(CYCLE_ERROR) });
    const run = await runCli('conformance', '--reporter', 'json', '--fixtures', dir, '--only', 'ts', '--only', `${process.execPath} ${dir}/v1.cjs`, '--reference', 'v1');
    const report = JSON.parse(run.stdout) as ConformanceReport;
    expect(run.code).toBe(0);
    expect(report.cases.map((c) => [c.participant, c.status, c.error_code])).toEqual([
      ['ts', 'identical', 'RESULT_CYCLE'],
      ['v1', 'identical', undefined],
    ]);
  });

  it('a participant that sends another code for the same error diverges, and the report names both codes', async () => {
    const other = CYCLE_ERROR.replace('{', '{"code": "RESULT_NON_FINITE", ');
    const dir = tempFiles({ 'codes/cycle.yaml': CYCLE_CASE, 'other.cjs': participant(other) });
    const run = await runCli('conformance', '--reporter', 'json', '--fixtures', dir, '--only', 'ts', '--only', `${process.execPath} ${dir}/other.cjs`, '--reference', 'v1');
    const report = JSON.parse(run.stdout) as ConformanceReport;
    expect(run.code).toBe(1);
    const ts = report.cases.find((c) => c.participant === 'ts')!;
    expect([ts.status, ts.error_code, ts.detail]).toEqual(['divergent', 'RESULT_CYCLE', expect.stringContaining('error code is "RESULT_NON_FINITE" in v1 and "RESULT_CYCLE" in ts')]);
    expect(report.cases.find((c) => c.participant === 'v1')!.error_code).toBe('RESULT_NON_FINITE');
  });
});
