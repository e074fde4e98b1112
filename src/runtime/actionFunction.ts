import type { Event } from './events.js';
import type { RunnerContext } from './runnerContext.js';

/** What an action runs: the event that triggered it, and the context of this execution. */
export type ActionFunction = (event: Event, ctx: RunnerContext) => void | Promise<void>;
