import { chatModelAction } from '../actions/chatModelAction.js';
import { toolCallAction, type ToolCallMode } from '../actions/toolCallAction.js';
import { NotSupportedError } from '../errors.js';
import { functionText, TypeScriptFunction } from '../functions/functionDescriptor.js';
import type { PyJson } from '../json/pyJson.js';
import type { Action } from '../plan/action.js';
import { BUILT_IN_ACTIONS_MODULE } from '../plan/builtInActions.js';
import type { ActionFunction } from '../runtime/actionFunction.js';
import { READY_MADE_ACTIONS } from '../runtime/chatAgentActions.js';

/** An action as the runner runs it: the event types it listens to, its configuration and its function. */
export interface RunnableAction {
  readonly name: string;
  readonly listensTo: readonly string[];
  readonly config: PyJson | undefined;
  readonly run: ActionFunction;
}

const refuse = (message: string): ActionFunction => () => {
  throw new NotSupportedError(message);
};

// Fresh for each run, so that no conversation outlives the input it belongs to.
const builtIn = (qualname: string, mode: ToolCallMode): ActionFunction | undefined => {
  if (qualname === 'processChatRequestOrToolResponse') return chatModelAction();
  if (qualname === 'processToolRequest') return toolCallAction(mode);
  if (qualname === 'processContextRetrievalRequest') return refuse('The local runner has no vector stores to answer a context retrieval request.');
  return undefined;
};

const readyMade = (exec: TypeScriptFunction): ActionFunction | undefined =>
  READY_MADE_ACTIONS.find((f) => f.module === exec.module && f.qualname === exec.qualname)?.implementation;

const functionOf = (action: Action, mode: ToolCallMode): ActionFunction => {
  const { exec } = action;
  if (exec instanceof TypeScriptFunction) {
    const found = exec.module === BUILT_IN_ACTIONS_MODULE ? builtIn(exec.qualname, mode) : undefined;
    if (found !== undefined) return found;
    if (exec.implementation !== undefined) return exec.implementation as ActionFunction;
    const named = readyMade(exec);
    if (named !== undefined) return named;
  }
  // Refused when the action is triggered, as upstream resolves a function when it first runs.
  return refuse(`Action ${action.name} runs ${functionText(exec)}, which has no implementation in this process.`);
};

/**
 * The actions of one run, in plan order: the built-in actions this runtime names run its own
 * chat-model and tool-call actions; any other runs the implementation its `TypeScriptFunction`
 * carries, or, read from a plan, the ready-made action of that name. Nothing is ever loaded by
 * the name a plan gives. Trigger conditions match event types exactly (condition expressions
 * match none).
 */
export const runnableActions = (actions: Iterable<Action>, mode: ToolCallMode): RunnableAction[] =>
  [...actions].map((action) => ({
    name: action.name,
    listensTo: action.triggerConditions,
    config: action.config,
    run: functionOf(action, mode),
  }));
