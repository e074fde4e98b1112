import { RangeOverflowError } from '../errors.js';
import type { Declaration } from './declaration.js';
import { msg } from './declarationMessages.js';
import { fail } from './declarationTree.js';
import { DefaultWalk, type DefaultSite } from './defaultNeeds.js';
import type { Outcome } from './validate/outcome.js';
import { declaredCompilerFor } from './validateValue.js';

/**
 * Checks of the defaults that make model instances, after the walk (mirrors
 * `types/default_checks.py`): each must be one the Python reference can make, and print
 * the same in every run. What making each takes, depth first from each in declaration order (a
 * cycle is reported at the default that closes it); then, in the order they are made, each one's
 * values that only Python reads, its value read by its model (pydantic's first line error), and
 * its unstable sets. A duration past `timedelta.min` stops `model_validate` with a bare
 * `OverflowError`: the default cannot be made, a refusal of its own.
 */
export const checkInstanceDefaults = (declaration: Declaration): void => {
  const walk = new DefaultWalk(declaration);
  if (walk.sites.length === 0) return;
  checkCycles(walk);
  for (const site of walk.makingOrder()) {
    const events = walk.events(site);
    for (const event of events) if (event.kind === 'gives-unread') fail(event.path, msg.unreadDefaultValue(event.type));
    checkValue(declaration, site);
    for (const event of events) {
      if (event.kind === 'takes-set') fail(site.path, msg.takesUnstableSet(`${event.model}.${event.field}`));
      if (event.kind === 'holds-set') fail(event.path, msg.holdsUnstableSet());
    }
  }
};

const checkCycles = (walk: DefaultWalk): void => {
  const state = new Map<DefaultSite, 'active' | 'done'>();
  const stack: DefaultSite[] = [];
  const visit = (site: DefaultSite): void => {
    state.set(site, 'active');
    stack.push(site);
    for (const event of walk.events(site)) {
      if (event.kind !== 'takes') continue;
      if (state.get(event.site) === 'active') {
        const cycle = [...stack.slice(stack.indexOf(event.site)), event.site];
        fail(site.path, msg.defaultNeedsItself(cycle.map((step) => step.label)));
      }
      if (!state.has(event.site)) visit(event.site);
    }
    stack.pop();
    state.set(site, 'done');
  };
  for (const site of walk.sites) if (!state.has(site)) visit(site);
};

const readValue = (declaration: Declaration, site: DefaultSite): Outcome => {
  try {
    return declaredCompilerFor(declaration).model(site.made.model!)(site.made.value);
  } catch (error) {
    if (error instanceof RangeOverflowError) fail(site.valuePath, msg.overflowingDefault(site.made.model!, error.message));
    throw error;
  }
};

const checkValue = (declaration: Declaration, site: DefaultSite): void => {
  const outcome = readValue(declaration, site);
  if (outcome.status === 'accepted') return;
  const [first] = outcome.issues;
  fail(site.valuePath, msg.refusedDefault(site.made.model!, first!.msg, first!.loc.map(String).join('.')));
};
