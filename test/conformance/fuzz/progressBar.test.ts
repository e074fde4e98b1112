import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ProgressBar } from '../../../conformance/fuzz/progressBar.js';

const stream = (isTTY: boolean) => {
  const out = Object.assign(new PassThrough(), { isTTY });
  let text = '';
  out.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { out, text: () => text };
};

describe('fuzz/progressBar', () => {
  it('draws in place on a terminal and clears its line when done', () => {
    const { out, text } = stream(true);
    const bar = new ProgressBar(out, 'fuzz schema', 10);
    bar.update(10, 'of 10');
    bar.done();
    expect(text()).toBe(`\rfuzz schema [${'='.repeat(30)}] 10/10 of 10\u001b[K\r\u001b[K`);
  });

  it('writes nothing where no terminal reads it', () => {
    const { out, text } = stream(false);
    const bar = new ProgressBar(out, 'fuzz schema', 10);
    bar.update(5);
    bar.done();
    expect(text()).toBe('');
  });
});
