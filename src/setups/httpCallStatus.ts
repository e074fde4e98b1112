import type { PyJson } from '../json/pyJson.js';
import { parsePyJson } from '../json/parsePyJson.js';

/**
 * The status of one call at an HTTP sub-agent, as `GET <endpoint>?invocation_id=<id>` (with the
 * `Idempotency-Key` header) answers it: `{"status": "done", "code": <int>, "body": <text>}` (the
 * answer the POST got or would have got), `{"status": "running"}`, or `{"status": "not_found"}`
 * (never received: safe to send). Anything else, including no answer, is `unknown`.
 */
export type CallStatus =
  | { readonly status: 'done'; readonly code: number; readonly body: string }
  | { readonly status: 'running' }
  | { readonly status: 'not-started' }
  | { readonly status: 'unknown' };

const statusUrl = (endpoint: string, invocationId: string): string => {
  const url = new URL(endpoint);
  url.searchParams.set('invocation_id', invocationId);
  return url.toString();
};

export const readStatus = async (endpoint: string, invocationId: string, signal: AbortSignal): Promise<CallStatus> => {
  let text: string;
  try {
    const response = await fetch(statusUrl(endpoint, invocationId), { method: 'GET', headers: { 'idempotency-key': invocationId }, signal });
    if (response.status !== 200) return { status: 'unknown' };
    text = await response.text();
  } catch {
    return { status: 'unknown' };
  }
  return statusFromText(text);
};

const statusFromText = (text: string): CallStatus => {
  let tree: PyJson;
  try {
    tree = parsePyJson(text);
  } catch {
    return { status: 'unknown' };
  }
  if (!(tree instanceof Map)) return { status: 'unknown' };
  const status = tree.get('status');
  if (status === 'running') return { status: 'running' };
  if (status === 'not_found') return { status: 'not-started' };
  const code = tree.get('code');
  const body = tree.get('body');
  if (status === 'done' && typeof code === 'number' && Number.isInteger(code) && typeof body === 'string') return { status: 'done', code, body };
  return { status: 'unknown' };
};
