import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tsOps, type OpName, type ProtocolCase } from '../../conformance/serve/ops/index.js';
import { parsePyJson } from '../../src/json/parsePyJson.js';
import { parseYaml } from '../../src/json/parseYaml.js';
import type { PyJson } from '../../src/json/pyJson.js';
import { writePyJson } from '../../src/json/writePyJson.js';
import { withoutUnstatedCode } from '../helpers/unstatedCode.js';

// Every case of the runtime areas through the TypeScript ops, against `expect` (written from the
// reference documents). Each key of `expect` must match exactly, key order included.
const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures');
const cases = ['callables', 'dispatch', 'run_agent'].flatMap((area) =>
  readdirSync(join(FIXTURES, area))
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .flatMap((file) => ((parseYaml(readFileSync(join(FIXTURES, area, file), 'utf8')) as Map<string, PyJson>).get('cases') as Map<string, PyJson>[])),
);

const text = (value: PyJson | undefined) => (value === undefined ? '<absent>' : writePyJson(value, { separators: 'compact' }));

describe('runtime fixtures through the TypeScript participant', () => {
  it('has at least 40 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
  });

  it.each(cases.map((c) => [c.get('id') as string, c] as const))('%s', async (_id, fixture) => {
    // The case travels as text, as it would through the protocol.
    const sent = new Map([...fixture].filter(([k]) => ['id', 'op', 'declaration', 'input'].includes(k)));
    const testCase = parsePyJson(writePyJson(sent)) as unknown as Map<string, PyJson>;
    const protocolCase: ProtocolCase = {
      id: testCase.get('id') as string,
      op: testCase.get('op') as OpName,
      declaration: testCase.get('declaration'),
      input: testCase.get('input'),
    };
    const op = tsOps[protocolCase.op];
    expect(op).toBeDefined();
    const outcome = await op!(protocolCase);
    expect('result' in outcome).toBe(true);
    const result = (outcome as { result: Map<string, PyJson> }).result;
    for (const [key, expected] of fixture.get('expect') as Map<string, PyJson>) {
      expect(text(withoutUnstatedCode(result.get(key), expected)), key).toBe(text(expected));
    }
  });
});
