import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One answer: `status` (200), `headers`, and `body` (a JSON value) or `text` (sent as it is); `hang` never answers. */
export interface StubStep {
  readonly status?: number;
  readonly headers?: Record<string, string>;
  readonly body?: unknown;
  readonly text?: string;
  readonly hang?: boolean;
}

export interface StubRequest {
  readonly url: string;
  readonly auth: string | undefined;
  readonly body: Record<string, unknown>;
}

/** A chat-completions endpoint on 127.0.0.1 for the connection tests. */
export interface OpenAiStub {
  readonly baseUrl: string;
  /** Answered in order, then `otherwise`. */
  script: StubStep[];
  otherwise: StubStep;
  /** Every request, in order. */
  readonly seen: StubRequest[];
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => resolve(text));
  });

export const startOpenAiStub = async (): Promise<OpenAiStub> => {
  const server = createServer(async (req, res) => {
    stub.seen.push({ url: req.url ?? '', auth: req.headers.authorization, body: JSON.parse(await readBody(req)) as Record<string, unknown> });
    const step = stub.script.shift() ?? stub.otherwise;
    if (step.hang === true) return;
    res.writeHead(step.status ?? 200, { 'content-type': 'application/json', ...step.headers });
    res.end(step.text ?? JSON.stringify(step.body ?? null));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const stub: OpenAiStub = {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    script: [],
    otherwise: { status: 500, body: 'script ran out' },
    seen: [],
    close: () => {
      // A hung request holds its connection open; close() alone would wait for it.
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return stub;
};
