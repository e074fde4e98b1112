import { parsePyJson } from '../json/parsePyJson.js';
import type { PyJson } from '../json/pyJson.js';
import { writePyJson } from '../json/writePyJson.js';
import type { DurableCallable } from '../runtime/durableExecutor.js';
import type { RunnerContext } from '../runtime/runnerContext.js';
import { SubagentFuture } from './subagentFuture.js';
import { SubagentResult } from './subagentResult.js';
import { SubagentSetup, type SubagentSetupOptions } from './subagentSetup.js';
import type { Submittable } from './submittable.js';

export interface HttpSubagentSetupOptions extends SubagentSetupOptions {
  /** Where calls are posted as `{prompt, session}`. */
  readonly endpoint: string;
  readonly timeoutMs?: number;
}

/** The handle of one HTTP call; the call runs from submit on, so several calls overlap. */
class HttpSubagentFuture extends SubagentFuture {
  private settled = false;
  private readonly outcome: Promise<SubagentResult>;

  constructor(sessionId: string, callId: string, pending: Promise<SubagentResult>, private readonly abort: AbortController) {
    super(sessionId, callId);
    this.outcome = pending.finally(() => {
      this.settled = true;
    });
    // The caller may never await a handle (a failed batch); its failure must not go unhandled.
    this.outcome.catch(() => {});
  }

  done(): boolean {
    return this.settled;
  }

  override cancel(): void {
    this.abort.abort();
  }

  wait(): Promise<SubagentResult> {
    return this.outcome;
  }
}

const encodeResult = (result: SubagentResult): PyJson =>
  new Map<string, PyJson>([
    ['success', result.success],
    ['result', result.result as PyJson],
    ['error_message', result.errorMessage],
  ]);

const decodeResult = (tree: PyJson): SubagentResult => {
  const fields = tree as ReadonlyMap<string, PyJson>;
  return new SubagentResult(fields.get('success') === true, fields.get('result') ?? null, (fields.get('error_message') as string | null) ?? null);
};

/**
 * The external sub-agent of the seeds: it posts `{prompt, session}` to an endpoint and answers
 * with the JSON it gets back. Each call is one durable execution (the setup owns its
 * durability): a run restarted on the same store gets the recorded result instead of calling
 * the endpoint again. A failure of the endpoint is a failed result, not an exception.
 */
export class HttpSubagentSetup extends SubagentSetup implements Submittable {
  readonly endpoint: string;
  readonly timeoutMs: number;

  constructor(options: HttpSubagentSetupOptions) {
    super(options);
    this.endpoint = options.endpoint;
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  async submit(ctx: RunnerContext, prompt: PyJson, sessionId?: string, callId?: string): Promise<SubagentFuture> {
    const session = sessionId ?? ctx.nextSessionId();
    const abort = new AbortController();
    const callable: DurableCallable<SubagentResult> = {
      name: 'http_subagent',
      call: async () => {
        try {
          return SubagentResult.ok(await this.post(prompt, session, abort.signal));
        } catch (error) {
          return SubagentResult.error(error instanceof Error ? error : String(error));
        }
      },
      encode: encodeResult,
      decode: decodeResult,
    };
    return new HttpSubagentFuture(session, callId ?? session, ctx.durableExecuteAsync(callable), abort);
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
