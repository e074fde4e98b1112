import { chatModelAction } from '../actions/chatModelAction.js';
import { toolCallAction, type ToolCallMode } from '../actions/toolCallAction.js';
import { NotSupportedError, type ErrorCode } from '../errors.js';
import { functionText, TypeScriptFunction } from '../functions/functionDescriptor.js';
import type { PyJson } from '../json/pyJson.js';
import type { Action } from '../plan/action.js';
import { BUILT_IN_ACTIONS_MODULE } from '../plan/builtInActions.js';
import type { ActionFunction } from '../runtime/actionFunction.js';
import { READY_MADE_ACTIONS } from '../runtime/chatAgentActions.js';
import type { NamedFunctions } from './namedFunctions.js';
import { ownFunctionFor } from './standIns.js';

/** An action as the runner runs it: the event types it listens to, its configuration and its function. */
export interface RunnableAction {
  readonly name: string;
  readonly listensTo: readonly string[];
  readonly config: PyJson | undefined;
  readonly run: ActionFunction;
}

const refuse = (code: ErrorCode, message: string): ActionFunction => () => {
  throw new NotSupportedError(message, { code });
};

// Fresh for each run, so that no conversation outlives the input it belongs to.
const builtIn = (qualname: string, mode: ToolCallMode): ActionFunction | undefined => {
  if (qualname === 'processChatRequestOrToolResponse') return chatModelAction();
  if (qualname === 'processToolRequest') return toolCallAction(mode);
  if (qualname === 'processContextRetrievalRequest') return refuse('ACTION_NO_VECTOR_STORES', 'The local runner has no vector stores to answer a context retrieval request.');
  return undefined;
};

const readyMade = (own: { module: string; qualname: string }): ActionFunction | undefined =>
  READY_MADE_ACTIONS.find((f) => f.module === own.module && f.qualname === own.qualname)?.implementation;

/** What the functions of a plan's actions are bound to: the runner's named functions, and the plan's pointer in the root plan (empty for the root). */
export interface ActionSite {
  readonly functions: NamedFunctions;
  readonly path: string;
}

const functionOf = (action: Action, mode: ToolCallMode, site: ActionSite): ActionFunction => {
  const { exec } = action;
  if (exec instanceof TypeScriptFunction && exec.implementation !== undefined) return exec.implementation as ActionFunction;
  // Another language's built-in or ready-made action runs as this runtime's own.
  const own = ownFunctionFor(exec) ?? (exec instanceof TypeScriptFunction ? exec : undefined);
  const found = own?.module === BUILT_IN_ACTIONS_MODULE ? builtIn(own.qualname, mode) : undefined;
  if (found !== undefined) return found;
  const named = site.functions.find(exec) ?? (own === undefined ? undefined : readyMade(own));
  if (named !== undefined) return named as ActionFunction;
  // Refused when the action is triggered, as upstream resolves a function when it first runs.
  const where = site.path === '' ? '' : ` in ${site.path}`;
  return refuse('ACTION_FUNCTION_NOT_IMPLEMENTED', `Action ${action.name}${where} runs ${functionText(exec)}, which has no implementation in this process.`);
};

/**
 * The actions of one run, in plan order: the built-in actions run this runtime's chat-model and
 * tool-call actions, whichever language's plan names them; any other runs the implementation its
 * `TypeScriptFunction` carries, or, read from a plan, the named function the runner was given for
 * it, or the ready-made action of that name (any language's). Nothing is ever loaded by the name a
 * plan gives. Trigger conditions match event types exactly (condition expressions match none).
 */
export const runnableActions = (actions: Iterable<Action>, mode: ToolCallMode, site: ActionSite): RunnableAction[] =>
  [...actions].map((action) => ({
    name: action.name,
    listensTo: action.triggerConditions,
    config: action.config,
    run: functionOf(action, mode, site),
  }));
