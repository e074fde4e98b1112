import { Action } from './action.js';
import type { Agent } from './agent.js';
import { builtInActions } from './builtInActions.js';
import { PlanBuildError } from './planErrors.js';

/**
 * The actions an agent runs, as its plan lists them: those its class declares, those added to it,
 * then the built-in ones. A name taken twice (an added action named like a built-in) is refused
 * with upstream's words, at the place the action was added.
 */
export const collectActions = (agent: Agent): Map<string, Action> => {
  const listed: [Action, string | undefined][] = [];
  for (const [name, declared] of Object.entries(agent.declarations.actions ?? {})) {
    listed.push([new Action(name, declared.exec, declared.triggerConditions, declared.config ?? null), undefined]);
  }
  for (const [name, { value, site }] of agent.actions) {
    listed.push([new Action(name, value.exec, value.triggerConditions, value.config ?? null), site]);
  }
  for (const action of builtInActions()) listed.push([action, undefined]);
  const actions = new Map<string, Action>();
  for (const [action, site] of listed) {
    if (actions.has(action.name)) throw new PlanBuildError(`Duplicate action name: ${action.name}`, { code: 'PLAN_ACTION_DUPLICATE', path: site });
    actions.set(action.name, action);
  }
  return actions;
};
