import type { FunctionDescriptor, Implementation } from '../functions/functionDescriptor.js';
import { functionKey, functionNameOf } from '../plan/diff/identities.js';

/**
 * The functions a runner is given for what plans only name: each entry is a function as a plan
 * names it (any language's descriptor: kind, module and qualname, or Java's class and method) and
 * the implementation in this process that runs for it. A function is "in both registries" when
 * the plan's descriptor is an entry here; nothing is ever loaded by the name a plan gives.
 * Actions are called with `(event, ctx)`, tools with the model's arguments as one Map.
 */
export class NamedFunctions {
  private readonly entries = new Map<string, Implementation>();

  constructor(entries: Iterable<readonly [FunctionDescriptor, Implementation]> = []) {
    for (const [descriptor, implementation] of entries) this.entries.set(functionKey(functionNameOf(descriptor)), implementation);
  }

  find(descriptor: FunctionDescriptor): Implementation | undefined {
    return this.entries.get(functionKey(functionNameOf(descriptor)));
  }
}
