import { InvalidValueError } from '../errors.js';
import type { PyJson } from '../json/pyJson.js';
import { ChatMessage } from './chatMessage.js';
import type { ChatModelConnection } from './chatModelConnection.js';
import { toolCall } from './toolCall.js';

/** One scripted model turn: a final answer (`content`), or tool calls (with optional text). */
export interface ScriptedTurn {
  readonly content?: string;
  readonly toolCalls?: readonly { readonly id: string; readonly name: string; readonly arguments: PyJson }[];
}

/** What the model was sent on one turn, for inspection. */
export interface ScriptedRequest {
  readonly model: string;
  readonly messages: readonly ChatMessage[];
  readonly tools: readonly PyJson[];
}

/**
 * A connection that replays model turns in order, for offline runs and tests. It keeps every
 * request it got, and refuses a request beyond the script rather than inventing an answer.
 */
export class ScriptedConnection implements ChatModelConnection {
  readonly requests: ScriptedRequest[] = [];

  constructor(readonly turns: readonly ScriptedTurn[]) {}

  async chat(model: string, messages: readonly ChatMessage[], tools: readonly PyJson[]): Promise<ChatMessage> {
    const turn = this.turns[this.requests.length];
    this.requests.push({ model, messages: [...messages], tools: [...tools] });
    if (turn === undefined) {
      throw new InvalidValueError(`The scripted model has no turn ${this.requests.length} (${this.turns.length} scripted)`, { code: 'SCRIPTED_TURN_MISSING' });
    }
    const calls = (turn.toolCalls ?? []).map((c) => toolCall(c.id, c.name, c.arguments));
    return new ChatMessage('assistant', turn.content ?? '', calls);
  }

  /** The script as a plan serializes it (the requests are what happened in one run, not part of it). */
  toJSON(): Map<string, PyJson> {
    const turns = this.turns.map(
      (turn) =>
        new Map<string, PyJson>([
          ['content', turn.content ?? ''],
          ['tool_calls', (turn.toolCalls ?? []).map((c) => new Map<string, PyJson>([['id', c.id], ['name', c.name], ['arguments', c.arguments]]))],
        ]),
    );
    return new Map<string, PyJson>([['turns', turns]]);
  }
}
