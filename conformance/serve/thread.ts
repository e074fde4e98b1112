import { Readable, Writable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import { serve } from './serve.js';

// The TypeScript participant on a worker thread (`--jobs N` with `ts`): the same serve loop as
// the process, fed one line per message; `null` is the end of input.
const port = parentPort!;
const input = new Readable({ read: () => undefined });
port.on('message', (line: string | null) => input.push(line === null ? null : `${line}\n`));
const output = new Writable({
  decodeStrings: false,
  write: (chunk: Buffer | string, _encoding, done) => {
    port.postMessage(String(chunk).replace(/\n$/, ''));
    done();
  },
});
const errors = new Writable({
  write: (chunk: Buffer | string, _encoding, done) => process.stderr.write(chunk, () => done()),
});
process.exitCode = await serve(undefined, { input, output, errors });
port.close();
