import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { makeLineHandler } from '../../../conformance/serve/handleLine.js';
import { serve } from '../../../conformance/serve/serve.js';

const collect = (stream: PassThrough): (() => string) => {
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  return () => text;
};

// Each op waits until `cases` ops were asked, and then they finish last asked first: the answers
// finish out of request order, decided by the order of the releases and not by any clock.
const handlerFor = (cases: number) => {
  const waiting: (() => void)[] = [];
  return makeLineHandler({
    derive_schema: async (c) => {
      await new Promise<void>((go) => {
        waiting.push(go);
        if (waiting.length === cases) for (const release of waiting.reverse()) release();
      });
      return { result: { n: c.input ?? null } };
    },
  });
};

const runLine = (seq: number): string => `{"cmd": "run", "seq": ${seq}, "case": {"id": "a/b/c", "op": "derive_schema", "input": ${seq}}}\n`;

const start = (cases = 1) => {
  const input = new PassThrough();
  const output = new PassThrough();
  const errors = new PassThrough();
  const done = serve(handlerFor(cases), { input, output, errors });
  return { input, done, out: collect(output), err: collect(errors) };
};

describe('participant/serve', () => {
  it('answers in request order although ops finish out of order, then stops on stop', async () => {
    const { input, done, out } = start(3);
    input.write('{"cmd": "start", "version": 1}\n');
    for (const seq of [1, 2, 3]) input.write(runLine(seq));
    input.write('{"cmd": "stop"}\n');
    expect(await done).toBe(0);
    const lines = out().trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines.slice(1)).toEqual([1, 2, 3].map((n) => `{"seq": ${n}, "result": {"n": ${n}}}`));
  });

  it('stops at end of input and reports an unanswerable line on stderr without stopping', async () => {
    const { input, done, out, err } = start();
    input.write('garbage\n');
    input.write(runLine(1));
    input.end();
    expect(await done).toBe(0);
    expect(out()).toBe('{"seq": 1, "result": {"n": 1}}\n');
    expect(err()).toContain('not a JSON line');
  });

  it('exits 1 when asked for a protocol version it does not speak', async () => {
    const { input, done, err } = start();
    input.write('{"cmd": "start", "version": 9}\n');
    expect(await done).toBe(1);
    expect(err()).toContain('unsupported protocol version 9');
  });
});
