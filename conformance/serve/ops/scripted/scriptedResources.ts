import type { PyJson } from '../../../../src/json/pyJson.js';
import { CancelledError } from '../../../../src/runtime/cancellation.js';
import type { RunnerContext } from '../../../../src/runtime/runnerContext.js';
import { SubagentFuture } from '../../../../src/subagent/subagentFuture.js';
import { SubagentResult } from '../../../../src/subagent/subagentResult.js';
import { SubagentSetup } from '../../../../src/subagent/subagentSetup.js';
import type { Submittable } from '../../../../src/subagent/submittable.js';
import { Tool } from '../../../../src/tools/tool.js';
import { ToolMetadata } from '../../../../src/tools/toolMetadata.js';
import type { Declaration } from '../../../../src/types/declaration.js';
import { modelClass } from '../../../../src/types/modelClass.js';
import { decodeValue, type ModelFactory } from '../../../codec/decodeValue.js';
import { raisedError, type Behaviour } from './behaviour.js';

// The scripted sub-agents and tools of a fixture. Each writes what happens to it into one
// operation log (`submit:a`, `await:a`, `cancel:a`, `call:t`), which the harness compares.

export const EMPTY_PARAMETERS = (): PyJson => new Map<string, PyJson>([['type', 'object'], ['properties', new Map()]]);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The operation log, the prompts each sub-agent received, and the models values decode against. */
export class World {
  readonly log: string[] = [];
  readonly prompts: PyJson[][] = [];
  private readonly models: ReadonlyMap<string, ModelFactory>;

  constructor(declaration: Declaration | undefined) {
    this.models = new Map(
      (declaration?.models ?? []).map((model) => {
        const made = modelClass(declaration!, model.name);
        return [model.name, (fields: ReadonlyMap<string, unknown>) => new made(fields)] as const;
      }),
    );
  }

  // Decoded afresh for every call, so shared nodes and cycles are real objects each time.
  value(encoded: PyJson): unknown {
    return decodeValue(encoded, { models: this.models });
  }
}

class ScriptedFuture extends SubagentFuture {
  private settled = false;
  private readonly work: Promise<SubagentResult>;

  constructor(sessionId: string, callId: string, private readonly name: string, private readonly behaviour: Behaviour, private readonly world: World) {
    super(sessionId, callId);
    // Starts at submit, so that batched delegations overlap.
    this.work = (async () => {
      await sleep(behaviour.waitMs);
      this.settled = true;
      if (behaviour.outcome === 'fails') return SubagentResult.error(behaviour.value as string | null);
      if (behaviour.outcome === 'returns') return SubagentResult.ok(world.value(behaviour.value));
      return SubagentResult.ok(null);
    })();
  }

  done(): boolean {
    return this.settled;
  }

  override cancel(): void {
    this.world.log.push(`cancel:${this.name}`);
  }

  async wait(): Promise<SubagentResult> {
    this.world.log.push(`await:${this.name}`);
    if (this.behaviour.outcome === 'cancel' && this.behaviour.cancelAt === 'await') throw new CancelledError('', { code: 'SCRIPTED_CANCELLED' });
    const result = await this.work;
    if (this.behaviour.raise?.at === 'await') throw raisedError(this.behaviour.raise);
    return result;
  }
}

/** A sub-agent that does what its fixture says, logging each step. */
export class ScriptedSubagentSetup extends SubagentSetup implements Submittable {
  private calls = 0;
  constructor(
    options: ConstructorParameters<typeof SubagentSetup>[0],
    private readonly name: string,
    private readonly behaviour: Behaviour,
    private readonly world: World,
  ) {
    super(options);
  }

  submit(ctx: RunnerContext, prompt: PyJson, sessionId?: string, callId?: string): SubagentFuture {
    this.world.log.push(`submit:${this.name}`);
    this.world.prompts.push([this.name, prompt]);
    this.calls += 1;
    if (this.behaviour.outcome === 'cancel' && this.behaviour.cancelAt === 'submit') throw new CancelledError('', { code: 'SCRIPTED_CANCELLED' });
    if (this.behaviour.raise?.at === 'submit') throw raisedError(this.behaviour.raise);
    return new ScriptedFuture(sessionId ?? ctx.nextSessionId(), callId ?? String(this.calls), this.name, this.behaviour, this.world);
  }
}

/** A plain tool that does what its fixture says, logging each call. */
export class ScriptedTool extends Tool {
  readonly toolType = 'function';
  readonly metadata: ToolMetadata;

  constructor(
    readonly name: string,
    description: string,
    parameters: PyJson,
    private readonly behaviour: Behaviour,
    private readonly world: World,
  ) {
    super();
    this.metadata = new ToolMetadata(name, description, parameters);
  }

  async call(): Promise<unknown> {
    this.world.log.push(`call:${this.name}`);
    await sleep(this.behaviour.waitMs);
    if (this.behaviour.outcome === 'cancel') throw new CancelledError('', { code: 'SCRIPTED_CANCELLED' });
    if (this.behaviour.raise !== undefined) throw raisedError(this.behaviour.raise);
    return this.world.value(this.behaviour.value);
  }

  toJSON(): Map<string, PyJson> {
    return new Map<string, PyJson>([['name', this.name], ['metadata', this.metadata.toJSON()]]);
  }
}

/** A handle to a sub-agent owned by the other language: registered as AGENT, but no setup. */
export class BridgeHandle {}
