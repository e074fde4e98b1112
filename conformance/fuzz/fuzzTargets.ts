import { normalizeTarget } from '../areas/normalize/normalizeTarget.js';
import { dispatchTarget } from '../areas/dispatch/dispatchTarget.js';
import { internalTarget } from '../areas/internal/internalTarget.js';
import type { FuzzTarget } from './fuzzTarget.js';
import { runFuzz, type FuzzOptions, type FuzzReport } from './runFuzz.js';
import { schemaTarget } from '../areas/schema/schemaTarget.js';

/** A target in the registry: its value type is closed over, so targets of any type sit in one list. */
export interface RegisteredTarget {
  readonly name: string;
  readonly summary: string;
  readonly area: string;
  fuzz(options: FuzzOptions): Promise<FuzzReport>;
}

export const registerTarget = <T>(target: FuzzTarget<T>): RegisteredTarget => ({
  name: target.name,
  summary: target.summary,
  area: target.area,
  fuzz: (options) => runFuzz(target, options),
});

/** Every `agentparity fuzz <target>`, one line each. */
export const fuzzTargets: readonly RegisteredTarget[] = [registerTarget(schemaTarget), registerTarget(normalizeTarget), registerTarget(dispatchTarget), registerTarget(internalTarget)];
