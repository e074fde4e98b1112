import { isPlainObject, objectEntries, type PyJson } from '../../json/pyJson.js';
import type { AgentPlan } from '../agentPlan.js';
import { ClassRegistry } from '../classRegistry.js';
import { childPointer } from '../../json/jsonPointer.js';
import { readPlan } from '../readPlan.js';
import { canonicalPlan, type CanonicalPlan, type CanonicalProvider } from './canonicalPlan.js';
import { compareJson } from './compareJson.js';
import { compareSchemaText } from './compareSchemaText.js';
import { DEFAULT_IDENTITIES, type IdentityMapping } from './identities.js';
import { ComparisonLog, type PlanComparison } from './planDifference.js';

export interface DiffPlansOptions {
  /** The mapping between languages; this project's runtimes, upstream's built-ins and the YAML aliases by default. */
  readonly identities?: IdentityMapping;
}

const SETUP_CLASSES: readonly string[] = ['class SubagentSetup', 'class InternalSubagentSetup'];

/**
 * Compares two plans by meaning: actions and providers by name, trigger conditions as sets of what
 * they match, functions and classes through the mapping between languages, descriptor arguments
 * and serialized resources as JSON values, sub-agent input schemas as the JSON they hold, and the
 * order of actions only where it decides which runs first (actions answering the same event).
 */
export const diffPlans = (a: AgentPlan, b: AgentPlan, options: DiffPlansOptions = {}): PlanComparison => {
  const mapping = options.identities ?? DEFAULT_IDENTITIES;
  const log = new ComparisonLog();
  comparePlans(canonicalPlan(a, mapping), canonicalPlan(b, mapping), '', '', log, mapping);
  return log;
};

const comparePlans = (a: CanonicalPlan, b: CanonicalPlan, prefixA: string, prefixB: string, log: ComparisonLog, mapping: IdentityMapping): void => {
  compareJson(a.agentName, b.agentName, `${prefixA}/agent_name`, `${prefixB}/agent_name`, log);
  compareActions(a, b, prefixA, prefixB, log);
  const types = new Set([...a.providers.keys(), ...b.providers.keys()]);
  for (const type of types) {
    const [left, right] = [a.providers.get(type) ?? new Map(), b.providers.get(type) ?? new Map<string, CanonicalProvider>()];
    for (const [name, p] of left) {
      const q = right.get(name);
      if (q === undefined) log.differ(prefixA + p.pointer, prefixA + p.pointer, `${type} resource ${name} only in A`);
      else compareProviders(p, q, prefixA, prefixB, log, mapping);
    }
    for (const [name, q] of right) if (!left.has(name)) log.differ(prefixB + q.pointer, prefixB + q.pointer, `${type} resource ${name} only in B`);
  }
  compareJson(a.confData, b.confData, `${prefixA}/config/conf_data`, `${prefixB}/config/conf_data`, log);
};

const compareActions = (a: CanonicalPlan, b: CanonicalPlan, prefixA: string, prefixB: string, log: ComparisonLog): void => {
  for (const [name, x] of a.actions) {
    const y = b.actions.get(name);
    const [pa, pb] = [prefixA + x.pointer, prefixB + x.pointer];
    if (y === undefined) {
      log.differ(pa, pa, `action ${name} only in A`);
      continue;
    }
    if (x.exec.key !== y.exec.key) log.differ(`${pa}/exec`, `${pb}/exec`, `${x.exec.text} in A, ${y.exec.text} in B`);
    else if (x.exec.text !== y.exec.text) log.same(`${pa}/exec`, x.exec.key, `${x.exec.text} in A and ${y.exec.text} in B are the same ${x.exec.key}`);
    const onlyA = [...x.triggers].filter((t) => !y.triggers.has(t));
    const onlyB = [...y.triggers].filter((t) => !x.triggers.has(t));
    if (onlyA.length + onlyB.length > 0) {
      log.differ(`${pa}/trigger_conditions`, `${pb}/trigger_conditions`, `listens for [${onlyA.join(', ')}] only in A, [${onlyB.join(', ')}] only in B`);
    }
    compareJson(x.config, y.config, `${pa}/config`, `${pb}/config`, log);
  }
  for (const [name, y] of b.actions) if (!a.actions.has(name)) log.differ(prefixB + y.pointer, prefixB + y.pointer, `action ${name} only in B`);
  compareOrder(a, b, prefixA, log);
};

// The order of actions matters only among actions the same event triggers: they run in plan order.
const compareOrder = (a: CanonicalPlan, b: CanonicalPlan, prefixA: string, log: ComparisonLog): void => {
  const common = (plan: CanonicalPlan, other: CanonicalPlan) => [...plan.actions].filter(([name]) => other.actions.has(name));
  const [left, right] = [common(a, b), common(b, a)];
  const groups = new Set(left.flatMap(([, action]) => [...action.triggers].map(groupOf)));
  for (const group of groups) {
    const sequence = (actions: typeof left) => actions.filter(([, action]) => [...action.triggers].some((t) => groupOf(t) === group)).map(([name]) => name);
    const [x, y] = [sequence(left), sequence(right)];
    if (x.join('\u0000') !== y.join('\u0000')) {
      log.differ(`${prefixA}/actions`, `${prefixA}/actions`, `actions on ${group} run in the order ${x.join(', ')} in A, ${y.join(', ')} in B`);
    }
  }
};

const groupOf = (trigger: string): string => (trigger.startsWith('event ') ? trigger : 'condition expressions');

const compareProviders = (p: CanonicalProvider, q: CanonicalProvider, prefixA: string, prefixB: string, log: ComparisonLog, mapping: IdentityMapping): void => {
  const [pa, pb] = [prefixA + p.pointer, prefixB + q.pointer];
  if (p.form !== q.form) {
    log.differ(pa, pb, `a ${p.form} provider in A, a ${q.form} provider in B`);
    return;
  }
  if (p.identity.key !== q.identity.key) log.differ(pa, pb, `${p.identity.text} in A, ${q.identity.text} in B`);
  else if (p.identity.text !== q.identity.text) log.same(pa, p.identity.key, `${p.identity.text} in A and ${q.identity.text} in B are the same ${p.identity.key}`);
  const [da, db] = [prefixA + p.dataPointer, prefixB + q.dataPointer];
  if (p.form === 'serializable' && SETUP_CLASSES.includes(p.identity.key) && isObject(p.data) && isObject(q.data)) {
    compareSetup(p.data, q.data, [da, p.setupKeys], [db, q.setupKeys], log, mapping);
  } else {
    compareJson(p.data, q.data, da, db, log);
  }
};

const isObject = (value: PyJson): value is ReadonlyMap<string, PyJson> | { readonly [key: string]: PyJson } => value instanceof Map || isPlainObject(value);

const without = (value: ReadonlyMap<string, PyJson> | { readonly [key: string]: PyJson }, keys: readonly string[]): Map<string, PyJson> =>
  new Map([...objectEntries(value)].filter(([key]) => !keys.includes(key)));

const compareSetup = (
  a: ReadonlyMap<string, PyJson> | { readonly [key: string]: PyJson },
  b: ReadonlyMap<string, PyJson> | { readonly [key: string]: PyJson },
  [pa, keysA]: readonly [string, CanonicalProvider['setupKeys']],
  [pb, keysB]: readonly [string, CanonicalProvider['setupKeys']],
  log: ComparisonLog,
  mapping: IdentityMapping,
): void => {
  const [left, right] = [new Map(objectEntries(a)), new Map(objectEntries(b))];
  compareJson(without(a, ['input_schema', 'child_plan']), without(b, ['input_schema', 'child_plan']), pa, pb, log);
  compareSchemaText(left.get('input_schema') ?? null, right.get('input_schema') ?? null, childPointer(pa, keysA.inputSchema), childPointer(pb, keysB.inputSchema), log);
  const [planA, planB] = [left.get('child_plan') ?? null, right.get('child_plan') ?? null];
  const [ca, cb] = [childPointer(pa, keysA.childPlan), childPointer(pb, keysB.childPlan)];
  const [childA, childB] = [asPlan(planA), asPlan(planB)];
  if (childA && childB) comparePlans(canonicalPlan(childA, mapping), canonicalPlan(childB, mapping), ca, cb, log, mapping);
  else compareJson(planA, planB, ca, cb, log);
};

const asPlan = (value: PyJson): AgentPlan | undefined => {
  if (value === null) return undefined;
  try {
    return readPlan(value, { registry: new ClassRegistry(), language: null });
  } catch {
    return undefined;
  }
};
