import { TypeScriptFunction } from '../functions/functionDescriptor.js';
import { Action } from './action.js';

/** The module the TypeScript runtime's built-in actions live in. */
export const BUILT_IN_ACTIONS_MODULE = 'agentparity/actions';

/** The actions every plan has, after the agent's own: chat model, tool calls, context retrieval. */
export const builtInActions = (): Action[] => [
  new Action(
    'chat_model_action',
    new TypeScriptFunction(BUILT_IN_ACTIONS_MODULE, 'processChatRequestOrToolResponse'),
    ['_chat_request_event', '_tool_response_event'],
    null,
  ),
  new Action('tool_call_action', new TypeScriptFunction(BUILT_IN_ACTIONS_MODULE, 'processToolRequest'), ['_tool_request_event'], null),
  new Action(
    'context_retrieval_action',
    new TypeScriptFunction(BUILT_IN_ACTIONS_MODULE, 'processContextRetrievalRequest'),
    ['_context_retrieval_request_event'],
    null,
  ),
];
