import { describe, expect, it } from 'vitest';
import { parsePyJson } from '../../../src/json/parsePyJson.js';
import { PyFloat } from '../../../src/json/pyJson.js';
import { makeLineHandler, type OpRegistry } from '../../../conformance/serve/handleLine.js';
import { protocolValidator } from '../../../conformance/protocol/validateProtocol.js';
import { ProtocolError } from '../../../conformance/protocol/protocolError.js';

const ops: OpRegistry = {
  derive_schema: (c) => ({ result: new Map([['id', c.id], ['echo', c.input ?? null]]) }),
  normalize: () => {
    throw new TypeError('boom');
  },
  dispatch: () => ({ skipped: 'not today' }),
  build_plan: () => ({ result: [1, 2] }),
};
const handle = makeLineHandler(ops);
const validator = protocolValidator();

const run = (op: string, extra = ''): string =>
  `{"cmd": "run", "seq": 7, "case": {"id": "area/file/slug", "op": "${op}"${extra}}}`;

describe('participant/handleLine', () => {
  it('answers start with the registered ops', async () => {
    const answer = await handle('{"cmd": "start", "version": 1}');
    expect(validator.response(parsePyJson(answer))).toBeUndefined();
    expect(answer).toMatch(/^\{"version": 1, "implementation": \{"name": "agentparity", "language": "typescript", /);
    expect(answer).toContain('"ops": ["derive_schema", "normalize", "dispatch", "build_plan"]');
  });

  it('refuses a protocol version it does not speak, fatally', async () => {
    const error = await handle('{"cmd": "start", "version": 2}').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProtocolError);
    expect((error as ProtocolError).fatal).toBe(true);
  });

  it('writes results losslessly, as Python would', async () => {
    const answer = await handle(run('derive_schema', ', "input": {"x": 2.0, "é": 12345678901234567890}'));
    expect(answer).toBe('{"seq": 7, "result": {"id": "area/file/slug", "echo": {"x": 2.0, "\\u00e9": 12345678901234567890}}}');
    expect(validator.response(parsePyJson(answer))).toBeUndefined();
  });

  it('answers errored with the stack when an op throws', async () => {
    const answer = parsePyJson(await handle(run('normalize')));
    expect(validator.response(answer)).toBeUndefined();
    const context = (answer as Map<string, unknown>).get('context') as Map<string, string>;
    expect(context.get('message')).toBe('TypeError: boom');
    expect(context.get('traceback')).toContain('handleLine.test.ts');
  });

  it('answers skipped for an op that skips, and for an op that is not registered', async () => {
    expect(await handle(run('dispatch'))).toBe('{"seq": 7, "skipped": true, "reason": "not today"}');
    expect(await handle(run('run_agent'))).toBe('{"seq": 7, "skipped": true, "reason": "op run_agent is not supported by agentparity"}');
  });

  it('refuses a result that is not an object', async () => {
    expect(await handle(run('build_plan'))).toBe('{"seq": 7, "errored": true, "context": {"message": "op build_plan returned a result that is not a JSON object"}}');
  });

  it('answers errored for a bad request that has a seq', async () => {
    expect(await handle('{"cmd": "launch", "seq": "s1"}')).toBe('{"seq": "s1", "errored": true, "context": {"message": "unknown command \\"launch\\""}}');
    expect(await handle('{"cmd": "run", "seq": 3, "case": {"id": 1, "op": "x"}}')).toContain('"message": "run: case.id must be a string"');
    expect(await handle('{"cmd": "run", "seq": 3, "case": []}')).toContain('"message": "run: case must be an object"');
  });

  it.each(['not json', '[1, 2]', '{"cmd": "run", "case": {}}', '{"cmd": "run", "seq": 1.5}', ''])(
    'throws ProtocolError for a line it cannot answer: %j',
    async (line) => {
      await expect(handle(line)).rejects.toBeInstanceOf(ProtocolError);
    },
  );

  it('gives stop no answer', async () => {
    expect(await handle('{"cmd": "stop"}')).toBe('');
  });

  it('lists feature declaration_key in its start reply', async () => {
    expect(await handle('{"cmd": "start", "version": 1}')).toContain('"features": ["declaration_key", "run_internal_plan"]');
  });

  it('remembers a declaration sent with a key and hands the very same object to later cases by key', async () => {
    const seen: unknown[] = [];
    const spy = makeLineHandler({ derive_schema: (c) => (seen.push(c.declaration), { result: new Map([['declared', c.declaration ?? null]]) }) });
    const first = await spy(run('derive_schema', ', "declaration": {"format": "f"}, "declaration_key": "d1"'));
    const second = await spy(run('derive_schema', ', "declaration_key": "d1"'));
    expect(first).toBe('{"seq": 7, "result": {"declared": {"format": "f"}}}');
    expect(second).toBe(first);
    expect(seen[1]).toBe(seen[0]);
    // A key sent with another declaration names that one from then on.
    await spy(run('derive_schema', ', "declaration": {"format": "g"}, "declaration_key": "d1"'));
    expect(await spy(run('derive_schema', ', "declaration_key": "d1"'))).toBe('{"seq": 7, "result": {"declared": {"format": "g"}}}');
  });

  it('stores a declaration even when its case is not run, and errors a key it never got', async () => {
    const spy = makeLineHandler({ derive_schema: (c) => ({ result: new Map([['declared', c.declaration ?? null]]) }) });
    expect(await spy(run('run_agent', ', "declaration": {"format": "f"}, "declaration_key": "k"'))).toContain('"skipped": true');
    expect(await spy(run('derive_schema', ', "declaration_key": "k"'))).toBe('{"seq": 7, "result": {"declared": {"format": "f"}}}');
    const unknown = await spy(run('derive_schema', ', "declaration_key": "\u00e9"'));
    expect(unknown).toBe(
      '{"seq": 7, "errored": true, "context": {"message": "unknown declaration_key \\"\\\\u00e9\\": a key names the declaration sent with it earlier in this process"}}',
    );
    expect(validator.response(parsePyJson(unknown))).toBeUndefined();
    expect(await spy(run('derive_schema', ', "declaration_key": ""'))).toContain('"message": "run: case.declaration_key must be a non-empty string"');
  });

  it('keeps a float that is whole a float in what the op receives', async () => {
    let seen: unknown;
    const spy = makeLineHandler({ derive_schema: (c) => ((seen = c.input), { result: {} }) });
    await spy(run('derive_schema', ', "input": [1.0, 1]'));
    expect(seen).toEqual([new PyFloat(1), 1]);
  });
});
