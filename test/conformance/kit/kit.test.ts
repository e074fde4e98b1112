import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { InvalidTypeError } from '../../../src/errors.js';
import { decodeValue, declaredModels, errorResult, parsePyJson, serveParticipant, writePyJson, type OpRegistry, type PyJson } from '../../../conformance/kit/index.js';

const declaration = parsePyJson(
  '{"format": "pydantic-neutral-declaration/1", "models": [{"name": "Review", "fields": [{"name": "score", "type": {"type": "int"}, "required": true}]}]}',
);

const ops: OpRegistry = {
  normalize: (testCase) => {
    const value = decodeValue((testCase.input as Map<string, PyJson>).get('value')!);
    if (value === 'skip') return { skipped: 'asked to skip' };
    if (value === 'boom') throw new RangeError('boom');
    if (value === 'refuse') return errorResult(new Error('no map here'), { kind: 'TypeError', path: 'result' });
    return { result: new Map([['kind', typeof value]]) };
  },
};

/** What the kit's loop answers to these request lines. */
const exchange = async (lines: readonly string[]): Promise<PyJson[]> => {
  const input = new PassThrough();
  const output = new PassThrough();
  let written = '';
  output.on('data', (chunk: Buffer) => (written += chunk.toString('utf8')));
  const served = serveParticipant(ops, { name: 'kit-test', version: '9.9' }, { input, output, errors: new PassThrough() });
  input.end(lines.map((line) => `${line}\n`).join(''));
  expect(await served).toBe(0);
  return written.trim().split('\n').map(parsePyJson);
};

const run = (seq: number, op: string, value: string): string =>
  JSON.stringify({ cmd: 'run', seq, case: { id: `kit/${seq}`, op, input: { value } } });

describe('the participant kit', () => {
  it('serves any op registry: start, results, skips, throws, unknown ops, stop', async () => {
    const [started, result, skipped, errored, refused, unknown, ...rest] = await exchange([
      '{"cmd": "start", "version": 1}',
      JSON.stringify({ cmd: 'run', seq: 1, case: { id: 'kit/1', op: 'normalize', input: { value: { $int: '9'.repeat(5000) } } } }),
      run(2, 'normalize', 'skip'),
      run(3, 'normalize', 'boom'),
      run(4, 'normalize', 'refuse'),
      run(5, 'derive_schema', 'x'),
      '{"cmd": "stop"}',
      run(6, 'normalize', 'after stop'),
    ]);
    const info = (started as Map<string, PyJson>).get('implementation') as Map<string, PyJson>;
    expect([info.get('name'), info.get('language'), info.get('version'), info.get('ops'), info.get('features')]).toEqual([
      'kit-test',
      'javascript',
      '9.9',
      ['normalize'],
      ['declaration_key'],
    ]);
    expect(writePyJson(result!)).toBe('{"seq": 1, "result": {"kind": "bigint"}}');
    expect(writePyJson(skipped!)).toBe('{"seq": 2, "skipped": true, "reason": "asked to skip"}');
    expect(((errored as Map<string, PyJson>).get('context') as Map<string, PyJson>).get('message')).toBe('RangeError: boom');
    expect(writePyJson(refused!)).toBe('{"seq": 4, "result": {"error": {"kind": "TypeError", "message": "no map here", "path": "result"}}}');
    expect(writePyJson(unknown!)).toBe('{"seq": 5, "skipped": true, "reason": "op derive_schema is not supported by kit-test"}');
    expect(rest).toEqual([]);
  });

  it('errorResult: an agentparity error carries its kind, code and path; another error without a kind is thrown again', () => {
    expect(writePyJson((errorResult(new InvalidTypeError('bad key', { code: 'RESULT_KEY_NOT_STRING', path: 'result.a' })) as { result: PyJson }).result)).toBe(
      '{"error": {"kind": "TypeError", "code": "RESULT_KEY_NOT_STRING", "message": "bad key", "path": "result.a"}}',
    );
    const bug = new Error('a bug');
    expect(() => errorResult(bug)).toThrow(bug);
  });

  it('declaredModels builds instances of the declared classes, as $model decodes them', () => {
    const { models } = declaredModels(declaration);
    const review = decodeValue(parsePyJson('{"$model": "Review", "fields": {"score": 3}}'), { models });
    expect((review as { constructor: { name: string } }).constructor.name).toBe('Review');
    expect(models.get('Review')!(new Map([['score', 4]]))).toMatchObject({ score: 4 });
  });

  it('is the package export agentparity/participant', async () => {
    expect(import.meta.resolve('agentparity/participant')).toMatch(/\/dist\/conformance\/kit\/index\.js$/);
  });
});
