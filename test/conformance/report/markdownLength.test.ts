import { describe, expect, it } from 'vitest';
import { consoleReporter } from '../../../conformance/report/consoleReporter.js';
import { markdownReporter } from '../../../conformance/report/markdownReporter.js';
import { summarize, type CaseReport, type ConformanceReport } from '../../../conformance/report/report.js';

const AREAS = ['callables', 'dispatch', 'normalize', 'plan', 'run_agent', 'schema'];

// A passing run the size of the bundled suite: 415 cases on ts and python, of which ts answers
// 26 equivalently for three causes (each case with its own paths and values) and python skips
// 8 TypeScript-only values, each at its own path.
const passingRun = (extra: readonly CaseReport[] = []): ConformanceReport => {
  const cases: CaseReport[] = [];
  for (let i = 0; i < 415; i++) {
    const id = `${AREAS[i % AREAS.length]}/file${i % 7}/case-${i}`;
    const at = { file: `fixtures/${id.split('/').slice(0, 2).join('/')}.yaml`, line: 3 + i };
    let ts: CaseReport = { id, op: 'normalize', participant: 'ts', status: 'identical', detail: '', ...at };
    let python: CaseReport = { id, op: 'normalize', participant: 'python', status: 'identical', detail: '', ...at };
    if (i < 20) ts = { ...ts, status: 'equivalent', detail: `vs python: \`/plan\`: same plan, each language naming its own: built-in action_${i}, tool_${i}` };
    else if (i < 24) ts = { ...ts, status: 'equivalent', detail: `vs python: error message is "found t${i}" in python and "found T${i}" in ts (they differ only in type names)` };
    else if (i < 26) ts = { ...ts, status: 'equivalent', detail: `vs python: \`/json\`: \`/a${i}\` is ${i}.0 in python and ${i} in ts (JavaScript numbers cannot tell a whole float from an int, so only the number kinds differ)` };
    else if (i < 34) python = { ...python, status: 'skipped', detail: `$tag${i} at /field${i} is a TypeScript-only value; Python has no counterpart` };
    cases.push(ts, python);
  }
  return summarize({ participants: [{ name: 'ts' }, { name: 'python' }], cases: [...cases, ...extra], bad_input: [] }, 'python');
};

describe('markdown summary length', () => {
  it('fits a passing run of the whole suite in 40 lines, folding each cause into one line', () => {
    const md = markdownReporter(passingRun());
    const lines = md.trimEnd().split('\n');
    expect(md).toContain('## agentparity conformance: parity (exit 0)');
    expect(lines.length).toBeLessThanOrEqual(40);
    expect(lines.filter((l) => l.startsWith('<details><summary>'))).toEqual([
      '<details><summary>🟡 equivalent · ts · 20 cases: same plan, each language naming its own</summary>',
      '<details><summary>⏭️ skipped · python · 8 cases: $… at … is a TypeScript-only value; Python has no counterpart</summary>',
      '<details><summary>🟡 equivalent · ts · 4 cases: they differ only in type names</summary>',
      '<details><summary>🟡 equivalent · ts · 2 cases: JavaScript numbers cannot tell a whole float from an int, so only the number kinds differ</summary>',
    ]);
  });

  it('shows one injected divergence within the first 10 lines', () => {
    const divergence: CaseReport = { id: 'schema/zz/injected', op: 'derive_schema', participant: 'ts', status: 'divergent', detail: 'vs python: `/title` is "A" in python and "B" in ts', file: 'fixtures/schema/zz.yaml', line: 12 };
    const head = markdownReporter(passingRun([divergence])).split('\n').slice(0, 10);
    expect(head[0]).toBe('## agentparity conformance: divergence (exit 1)');
    expect(head).toContain('| `schema/zz/injected`<br>fixtures/schema/zz.yaml:12 | ts | ❌ divergent | vs python: `/title` is "A" in python and "B" in ts |');
  });

  it('prints a passing run on the console as a line per area and the summary', () => {
    const lines = consoleReporter(passingRun()).trimEnd().split('\n');
    expect(lines.length).toBe(AREAS.length + 1 + 4);
    expect(lines[0]).toBe('callables: 70 cases; ts 65 identical, 5 equivalent; python 69 identical, 1 skipped');
  });
});
