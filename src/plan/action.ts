import type { FunctionDescriptor } from '../functions/functionDescriptor.js';
import type { PyJson } from '../json/pyJson.js';

/**
 * One action of a plan: the function it runs and the trigger conditions it listens for (event
 * type names or condition expressions, combined with OR).
 */
export class Action {
  constructor(
    readonly name: string,
    readonly exec: FunctionDescriptor,
    readonly triggerConditions: readonly string[],
    /** The action's configuration; `undefined` when the plan has no `config` key (older Java plans). */
    readonly config: PyJson | undefined,
  ) {}
}
