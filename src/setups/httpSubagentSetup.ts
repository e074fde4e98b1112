import { parsePyJson } from '../json/parsePyJson.js';
import { PyFloat, type PyJson } from '../json/pyJson.js';
import { writePyJson } from '../json/writePyJson.js';
import type { RunnerContext } from '../runtime/runnerContext.js';
import type { SubagentFuture } from '../subagent/subagentFuture.js';
import { SubagentSetup, type SubagentSetupJson, type SubagentSetupOptions } from '../subagent/subagentSetup.js';
import type { Submittable } from '../subagent/submittable.js';
import { durableSubagentCall, PromiseFuture } from './durableSubagentCall.js';

export interface HttpSubagentSetupOptions extends SubagentSetupOptions {
  /** Where calls are posted as `{prompt, session}`. */
  readonly endpoint: string;
  readonly timeoutMs?: number;
}

export interface HttpSubagentSetupJson extends SubagentSetupJson {
  readonly endpoint: string;
  readonly timeout_s: PyFloat;
}

/**
 * The external sub-agent of the seeds: it posts `{prompt, session}` to an endpoint and answers
 * with the JSON it gets back. Each call is one durable execution (`http_subagent`), so a run
 * restarted on the same store does not call the endpoint again; the call runs from submit on, so
 * several calls overlap. A failure of the endpoint is a failed result, not an exception.
 */
export class HttpSubagentSetup extends SubagentSetup implements Submittable {
  readonly endpoint: string;
  readonly timeoutMs: number;

  constructor(options: HttpSubagentSetupOptions) {
    super(options);
    this.endpoint = options.endpoint;
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  /** The setup as a plan serializes it: the base fields, then the endpoint and the timeout in seconds (a float, as Python dumps it). */
  override toJSON(): HttpSubagentSetupJson {
    return { ...super.toJSON(), endpoint: this.endpoint, timeout_s: new PyFloat(this.timeoutMs / 1000) };
  }

  submit(ctx: RunnerContext, prompt: PyJson, sessionId?: string, callId?: string): SubagentFuture {
    const session = sessionId ?? ctx.nextSessionId();
    const abort = new AbortController();
    const pending = durableSubagentCall(ctx, 'http_subagent', () => this.post(prompt, session, abort.signal));
    return new PromiseFuture(session, callId ?? session, pending, () => abort.abort());
  }

  private async post(prompt: PyJson, session: string, signal: AbortSignal): Promise<PyJson> {
    const body = writePyJson(new Map<string, PyJson>([['prompt', prompt], ['session', session]]), { ensureAscii: false, allowNan: false });
    const response = await fetch(this.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: AbortSignal.any([signal, AbortSignal.timeout(this.timeoutMs)]),
    });
    const text = await response.text();
    if (!response.ok) {
      // Named as Python names it, so the failed result reads alike in both languages.
      const failure = new Error(`${this.endpoint} answered ${response.status}: ${text.slice(0, 500)}`);
      failure.name = 'RuntimeError';
      throw failure;
    }
    return parsePyJson(text);
  }
}
