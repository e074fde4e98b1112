import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { ProtocolError } from '../protocol/protocolError.js';
import { handleLine, type LineHandler } from './handleLine.js';

export { handleLine } from './handleLine.js';

export interface ServeStreams {
  readonly input: Readable;
  readonly output: Writable;
  readonly errors: Writable;
}

const stdio: ServeStreams = { input: process.stdin, output: process.stdout, errors: process.stderr };

/**
 * Serves the protocol on a pair of streams until `stop` or end of input. Requests are handled as
 * they arrive (ops may run concurrently); answers are written one line each, in request order,
 * each flushed before the next. Returns the exit code: 0, or 1 after a fatal protocol error (an
 * unsupported protocol version). A line that cannot be answered is reported on `errors`.
 */
export const serve = async (handler: LineHandler = handleLine, streams: ServeStreams = stdio): Promise<number> => {
  const lines = createInterface({ input: streams.input, crlfDelay: Infinity });
  let exitCode = 0;
  let finished = false;
  let written: Promise<void> = Promise.resolve();
  const finish = (): void => {
    finished = true;
    lines.close();
  };
  const write = (text: string): Promise<void> =>
    new Promise((resolve) => {
      streams.output.write(`${text}\n`, () => resolve());
    });
  const answerInOrder = async (answer: Promise<{ text: string } | { error: unknown }>): Promise<void> => {
    const outcome = await answer;
    if (finished) return;
    if ('text' in outcome) {
      // Only `stop` has no answer.
      if (outcome.text === '') return finish();
      return write(outcome.text);
    }
    const { error } = outcome;
    streams.errors.write(`agentparity participant: ${error instanceof Error ? error.message : String(error)}\n`);
    if (error instanceof ProtocolError && error.fatal) {
      exitCode = 1;
      finish();
    }
  };
  for await (const line of lines) {
    const answer = handler(line).then(
      (text) => ({ text }),
      (error: unknown) => ({ error }),
    );
    written = written.then(() => answerInOrder(answer));
  }
  await written;
  return exitCode;
};
