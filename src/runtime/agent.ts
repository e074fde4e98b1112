import type { Event } from './events.js';
import { Resources } from './resources.js';
import type { RunnerContext } from './runnerContext.js';

/** Code that runs when an event of one of the listened types is processed. */
export interface Action {
  readonly name: string;
  readonly listensTo: readonly string[];
  run(event: Event, ctx: RunnerContext): void | Promise<void>;
}

/**
 * An agent for the local runner: its actions (run in the order added for each event they listen
 * to) and its resources. The runner adds the built-in chat-model and tool-call actions.
 */
export class Agent {
  readonly actions: Action[] = [];

  constructor(
    readonly resources = new Resources(),
    readonly name = 'agent',
  ) {}

  addAction(action: Action): this {
    if (this.actions.some((a) => a.name === action.name)) throw new Error(`Duplicate action name: ${action.name}`);
    this.actions.push(action);
    return this;
  }

  /** A shorthand for an action given as a function. */
  on(name: string, listensTo: readonly string[], run: Action['run']): this {
    return this.addAction({ name, listensTo, run });
  }
}
