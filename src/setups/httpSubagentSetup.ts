import { AgentparityError } from '../errors.js';
import { parsePyJson } from '../json/parsePyJson.js';
import { PyFloat, type PyJson } from '../json/pyJson.js';
import { writePyJson } from '../json/writePyJson.js';
import type { RunnerContext } from '../runtime/runnerContext.js';
import type { SubagentFuture } from '../subagent/subagentFuture.js';
import { SubagentSetup, type SubagentSetupJson, type SubagentSetupOptions } from '../subagent/subagentSetup.js';
import type { Submittable } from '../subagent/submittable.js';
import { durableSubagentCall, invocationIdOf, PromiseFuture, type ProbeAnswer, type UnknownOutcomePolicy } from './durableSubagentCall.js';
import { readStatus } from './httpCallStatus.js';

export interface HttpSubagentSetupOptions extends SubagentSetupOptions {
  /** Where calls are posted as `{prompt, session, invocation_id}`. */
  readonly endpoint: string;
  readonly timeoutMs?: number;
  /**
   * What a restart does with a call it was killed during, when the endpoint's status cannot say
   * how it ended: `fail-closed` (the default) fails the delegation, `repeat` posts it again
   * under the same idempotency key.
   */
  readonly unknownOutcome?: UnknownOutcomePolicy;
}

export interface HttpSubagentSetupJson extends SubagentSetupJson {
  readonly endpoint: string;
  readonly timeout_s: PyFloat;
}

// How often a restart asks again about a call the endpoint says is still running.
const RUNNING_POLL_MS = 100;

/** An endpoint that answered with a status outside 2xx (Python `RuntimeError`). */
export class SubagentEndpointError extends AgentparityError {
  readonly kind = 'RuntimeError';
}

/**
 * The external sub-agent of the seeds: it posts `{prompt, session, invocation_id}` to an endpoint
 * and answers with the JSON it gets back. Each call is one durable execution (`http_subagent`)
 * under the invocation id `sessionId#callId`, also sent as the `Idempotency-Key` header, so a
 * run restarted on the same store does not call the endpoint again; a call the process died
 * during is first looked up at the endpoint's status URL (see `httpCallStatus.ts`). The call
 * runs from submit on, so several calls overlap. A failure of the endpoint is a failed result,
 * not an exception.
 */
export class HttpSubagentSetup extends SubagentSetup implements Submittable {
  readonly endpoint: string;
  readonly timeoutMs: number;
  readonly unknownOutcome: UnknownOutcomePolicy;

  constructor(options: HttpSubagentSetupOptions) {
    super(options);
    this.endpoint = options.endpoint;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.unknownOutcome = options.unknownOutcome ?? 'fail-closed';
  }

  /** The setup as a plan serializes it: the base fields, then the endpoint and the timeout in seconds (a float, as Python dumps it). */
  override toJSON(): HttpSubagentSetupJson {
    return { ...super.toJSON(), endpoint: this.endpoint, timeout_s: new PyFloat(this.timeoutMs / 1000) };
  }

  submit(ctx: RunnerContext, prompt: PyJson, sessionId?: string, callId?: string): SubagentFuture {
    const session = sessionId ?? ctx.nextSessionId();
    const call = callId ?? session;
    const invocationId = invocationIdOf(session, call);
    const abort = new AbortController();
    const pending = durableSubagentCall(ctx, 'http_subagent', () => this.post(prompt, session, invocationId, abort.signal), {
      invocationId,
      probe: (id) => this.probe(id, abort.signal),
      unknownOutcome: this.unknownOutcome,
    });
    return new PromiseFuture(session, call, pending, () => abort.abort());
  }

  private async post(prompt: PyJson, session: string, invocationId: string, signal: AbortSignal): Promise<PyJson> {
    const body = writePyJson(new Map<string, PyJson>([['prompt', prompt], ['session', session], ['invocation_id', invocationId]]), {
      ensureAscii: false,
      allowNan: false,
    });
    const response = await fetch(this.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': invocationId },
      body,
      signal: AbortSignal.any([signal, AbortSignal.timeout(this.timeoutMs)]),
    });
    return this.answer(response.status, await response.text());
  }

  // The result a POST answer stands for; the status URL hands back the same answer to read alike.
  private answer(status: number, text: string): PyJson {
    if (status < 200 || status >= 300) {
      // Named as Python names it, so the failed result reads alike in both languages.
      const failure = new SubagentEndpointError(`${this.endpoint} answered ${status}: ${text.slice(0, 500)}`, { code: 'SUBAGENT_ENDPOINT_STATUS' });
      failure.name = 'RuntimeError';
      throw failure;
    }
    return parsePyJson(text);
  }

  // Asks until the endpoint says how the call ended or that it never arrived; a call still
  // running past the timeout, or an endpoint without a status URL, is an unknown outcome.
  private async probe(invocationId: string, signal: AbortSignal): Promise<ProbeAnswer> {
    const deadline = Date.now() + this.timeoutMs;
    for (;;) {
      const call = await readStatus(this.endpoint, invocationId, AbortSignal.any([signal, AbortSignal.timeout(this.timeoutMs)]));
      if (call.status === 'done') {
        try {
          return { status: 'completed', value: this.answer(call.code, call.body) };
        } catch (error) {
          return { status: 'failed', error: error as Error };
        }
      }
      if (call.status !== 'running') return call;
      if (Date.now() + RUNNING_POLL_MS > deadline) return { status: 'unknown' };
      await new Promise((resolve) => setTimeout(resolve, RUNNING_POLL_MS));
    }
  }
}
