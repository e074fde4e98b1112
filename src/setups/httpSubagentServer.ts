import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asObject } from '../chat/chatMessage.js';
import { parsePyJson } from '../json/parsePyJson.js';
import type { PyJson } from '../json/pyJson.js';
import { writePyJson } from '../json/writePyJson.js';

/**
 * What the server answers one call with: the result as JSON. Throwing answers 500 with the
 * message. The invocation id is the call's idempotency key (undefined from a client without one).
 */
export type SubagentHandler = (prompt: PyJson, session: string, invocationId: string | undefined) => PyJson | Promise<PyJson>;

export interface SubagentServerOptions {
  readonly port?: number;
  /** Whether `GET ?invocation_id=` answers the status of a call (true); false plays an endpoint without one. */
  readonly status?: boolean;
}

export interface SubagentServer {
  /** The endpoint to give an `HttpSubagentSetup`. */
  readonly url: string;
  /** Every call received, in order, a repeated key included. */
  readonly calls: { readonly prompt: PyJson; readonly session: string; readonly invocationId: string | undefined }[];
  close(): Promise<void>;
}

interface Answer {
  readonly code: number;
  readonly body: string;
}

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const send = (res: ServerResponse, { code, body }: Answer): void => {
  res.writeHead(code, { 'content-type': 'application/json' });
  res.end(body);
};

const keyOf = (req: IncomingMessage, body: Map<string, PyJson>): string | undefined => {
  const header = req.headers['idempotency-key'];
  if (typeof header === 'string') return header;
  const field = body.get('invocation_id');
  return typeof field === 'string' ? field : undefined;
};

/**
 * A minimal external sub-agent over HTTP on 127.0.0.1, for tests and examples of
 * `HttpSubagentSetup`. It takes `POST {prompt, session, invocation_id?}` and answers with what the
 * handler returns. It honours idempotency keys: a call whose key it has seen is not run again
 * but gets the first call's answer (waiting for it if still running), and `GET
 * ?invocation_id=<key>` answers the call's status as `httpCallStatus.ts` reads it.
 */
export const startSubagentServer = async (handler: SubagentHandler, options: SubagentServerOptions = {}): Promise<SubagentServer> => {
  const calls: { prompt: PyJson; session: string; invocationId: string | undefined }[] = [];
  const byKey = new Map<string, { answer: Answer | undefined; pending: Promise<Answer> }>();

  const execute = async (prompt: PyJson, session: string, key: string | undefined): Promise<Answer> => {
    try {
      return { code: 200, body: writePyJson(await handler(prompt, session, key), { allowNan: false }) };
    } catch (error) {
      return { code: 500, body: writePyJson(error instanceof Error ? error.message : String(error)) };
    }
  };

  const post = async (req: IncomingMessage): Promise<Answer> => {
    const body = asObject(parsePyJson(await readBody(req)), 'request body');
    const session = body.get('session');
    if (typeof session !== 'string' || !body.has('prompt')) return { code: 400, body: writePyJson('expected POST {"prompt": ..., "session": "..."}') };
    const prompt = body.get('prompt') as PyJson;
    const key = keyOf(req, body);
    calls.push({ prompt, session, invocationId: key });
    if (key === undefined) return execute(prompt, session, key);
    const known = byKey.get(key);
    if (known !== undefined) return known.pending;
    const entry: { answer: Answer | undefined; pending: Promise<Answer> } = { answer: undefined, pending: execute(prompt, session, key) };
    byKey.set(key, entry);
    entry.answer = await entry.pending;
    return entry.answer;
  };

  const status = (req: IncomingMessage): Answer => {
    const key = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get('invocation_id');
    if (options.status === false || key === null) return { code: 404, body: writePyJson('no status here') };
    const known = byKey.get(key);
    const tree: PyJson =
      known === undefined
        ? new Map([['status', 'not_found']])
        : known.answer === undefined
          ? new Map([['status', 'running']])
          : new Map<string, PyJson>([['status', 'done'], ['code', known.answer.code], ['body', known.answer.body]]);
    return { code: 200, body: writePyJson(tree) };
  };

  const server = createServer((req, res) => {
    void (async () => {
      try {
        if (req.method === 'GET') send(res, status(req));
        else if (req.method === 'POST') send(res, await post(req));
        else send(res, { code: 405, body: writePyJson('expected POST or GET') });
      } catch (error) {
        send(res, { code: 500, body: writePyJson(error instanceof Error ? error.message : String(error)) });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}/`,
    calls,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
};
