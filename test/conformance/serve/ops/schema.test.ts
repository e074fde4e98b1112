import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tsOps, type ProtocolCase } from '../../../../conformance/serve/ops/index.js';
import { parseYaml } from '../../../../src/json/parseYaml.js';
import type { PyJson } from '../../../../src/json/pyJson.js';
import { withoutUnstatedCode } from '../../../helpers/unstatedCode.js';

type Tree = ReadonlyMap<string, PyJson>;

const load = (name: string): Tree[] => {
  const path = fileURLToPath(new URL(`../../../../fixtures/schema/${name}`, import.meta.url));
  return ((parseYaml(readFileSync(path, 'utf8')) as Tree).get('cases') as Tree[]).map((item) => item);
};

const cases = [...load('malformed.yaml'), ...load('setup.yaml')];

const run = async (item: Tree): Promise<Tree> => {
  const request: ProtocolCase = {
    id: item.get('id') as string,
    op: 'derive_schema',
    declaration: item.get('declaration'),
    input: item.get('input'),
  };
  const outcome = await tsOps.derive_schema!(request);
  if (!('result' in outcome)) throw new Error(`skipped: ${outcome.skipped}`);
  return outcome.result as Tree;
};

describe('conformance/serve/ops/schema (derive_schema)', () => {
  // python-ref/tests/test_ops_schema.py runs the same cases through the Python participant.
  it.each(cases.map((item) => [item.get('id') as string, item] as const))('%s', async (_id, item) => {
    const result = await run(item);
    for (const [key, expected] of item.get('expect') as Tree) {
      expect(withoutUnstatedCode(result.get(key), expected), key).toEqual(expected);
    }
  });

  it('answers the keys in the order the setup serializes them', async () => {
    const result = await run(cases.find((item) => item.get('id') === 'schema/setup/typed-input-with-bytes')!);
    expect([...result.keys()]).toEqual(['description', 'input_schema']);
  });

  it('treats a malformed op input as an error of the harness, not a result', async () => {
    const request: ProtocolCase = { id: 'x', op: 'derive_schema', declaration: null, input: new Map([['schema', '{}']]) };
    await expect(async () => tsOps.derive_schema!(request)).rejects.toThrow('unknown keys');
  });
});
