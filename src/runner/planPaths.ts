import type { InternalSubagentSetup } from '../plan/internalSubagentSetup.js';

/**
 * Where each internal sub-agent's child plan sits in the root plan (its JSON Pointer), noted when
 * a plan's resources provide the setup, so that a refusal inside a child plan can say where.
 */
export class PlanPaths {
  private readonly paths = new WeakMap<InternalSubagentSetup, string>();

  note(setup: InternalSubagentSetup, path: string): void {
    if (!this.paths.has(setup)) this.paths.set(setup, path);
  }

  /** The child plan's pointer; empty for a plan the runner did not read through a provider. */
  of(setup: InternalSubagentSetup): string {
    return this.paths.get(setup) ?? '';
  }
}
