import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asObject } from '../chat/chatMessage.js';
import { parsePyJson } from '../json/parsePyJson.js';
import type { PyJson } from '../json/pyJson.js';
import { writePyJson } from '../json/writePyJson.js';

/** What the server answers one call with: the result as JSON. Throwing answers 500 with the message. */
export type SubagentHandler = (prompt: PyJson, session: string) => PyJson | Promise<PyJson>;

export interface SubagentServer {
  /** The endpoint to give an `HttpSubagentSetup`. */
  readonly url: string;
  /** Every call received, in order. */
  readonly calls: { readonly prompt: PyJson; readonly session: string }[];
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const answer = (res: ServerResponse, status: number, body: string): void => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(body);
};

/**
 * A minimal external sub-agent over HTTP: it takes `POST {prompt, session}` on 127.0.0.1 and
 * answers with what the handler returns. For tests and examples of `HttpSubagentSetup`.
 */
export const startSubagentServer = async (handler: SubagentHandler, port = 0): Promise<SubagentServer> => {
  const calls: { prompt: PyJson; session: string }[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      try {
        const body = asObject(parsePyJson(await readBody(req)), 'request body');
        const session = body.get('session');
        if (req.method !== 'POST' || typeof session !== 'string' || !body.has('prompt')) {
          answer(res, 400, writePyJson('expected POST {"prompt": ..., "session": "..."}'));
          return;
        }
        const prompt = body.get('prompt') as PyJson;
        calls.push({ prompt, session });
        answer(res, 200, writePyJson(await handler(prompt, session), { allowNan: false }));
      } catch (error) {
        answer(res, 500, writePyJson(error instanceof Error ? error.message : String(error)));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}/`,
    calls,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
};
