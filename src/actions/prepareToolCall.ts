import type { ToolCallView } from '../chat/toolCall.js';
import { isPlainObject, objectEntries, type PyJson, type PyJsonObject } from '../json/pyJson.js';
import { ResourceType } from '../resources/resourceType.js';
import { isCancellation } from '../runtime/cancellation.js';
import type { RunnerContext } from '../runtime/runnerContext.js';
import { CALLABLE_NAME_PREFIX } from '../subagent/callableNamePrefix.js';
import { SubagentSetup } from '../subagent/subagentSetup.js';
import { isCallableTool, type CallableTool } from '../tools/tool.js';
import { ToolResponse } from '../tools/toolResponse.js';
import { failureReason, INVALID_ARGUMENTS, missingTool, subagentFailure, toolFailure } from './failureText.js';
import { pyTypeName } from '../python/pyTypeName.js';

/** A call that resolved: a delegation to a sub-agent setup, or a plain tool call. */
export type Execution =
  | {
      readonly kind: 'agent';
      readonly callId: string;
      /** The full callable name (`_subagent_<name>`), which failure messages use. */
      readonly callable: string;
      readonly setup: SubagentSetup;
      readonly args: Map<string, PyJson>;
    }
  | { readonly kind: 'tool'; readonly callId: string; readonly name: string; readonly tool: CallableTool; readonly args: Map<string, PyJson> };

// A shallow copy of the arguments, exactly as the model sent them: nothing injected.
const readArguments = (args: PyJson): Map<string, PyJson> | undefined => {
  if (args instanceof Map) return new Map(args);
  if (isPlainObject(args)) return new Map(objectEntries(args as PyJsonObject));
  return undefined;
};

const failed = (message: string, reason: string): ToolResponse => ToolResponse.error(message, reason);

/**
 * Routes one call (reference §4.2-4.3): a `_subagent_` name resolves in AGENT, any other in TOOL,
 * decided once by the prefix. A call that cannot run is answered here, as a failed response: this
 * is the preparation phase, whose failures the model reads first. A cancellation propagates.
 * A resolved call is reported `created`; an unresolved one `failed`.
 */
export const prepareToolCall = (call: ToolCallView, ctx: RunnerContext): Execution | ToolResponse => {
  const delegated = call.name.startsWith(CALLABLE_NAME_PREFIX);
  // What cannot be resolved stays in the TOOL scope under the name the model called.
  const refuse = (message: string, reason: string): ToolResponse => {
    ctx.report({ scope: 'TOOL', name: call.name, status: 'failed' });
    return failed(message, reason);
  };
  const fail = (reason: string) => refuse(delegated ? subagentFailure(call.name, reason) : toolFailure(call.name, reason), reason);
  let resource: unknown;
  const lookup = delegated ? call.name.slice(CALLABLE_NAME_PREFIX.length) : call.name;
  try {
    resource = ctx.getResource(lookup, delegated ? ResourceType.AGENT : ResourceType.TOOL);
  } catch (error) {
    if (isCancellation(error)) throw error;
    if (!delegated) return refuse(missingTool(call.name), missingTool(call.name));
    return fail(failureReason(error));
  }
  if (delegated && !(resource instanceof SubagentSetup)) {
    return fail(`Sub-agent ${lookup} must resolve to a SubagentSetup, but was ${pyTypeName(resource)}.`);
  }
  if (!delegated && !isCallableTool(resource)) {
    return fail(`Tool ${lookup} must resolve to a callable tool, but was ${pyTypeName(resource)}.`);
  }
  const args = readArguments(call.arguments);
  if (args === undefined) return fail(INVALID_ARGUMENTS);
  ctx.report({ scope: delegated ? 'SUBAGENT' : 'TOOL', name: lookup, status: 'created' });
  return delegated
    ? { kind: 'agent', callId: call.id, callable: call.name, setup: resource as SubagentSetup, args }
    : { kind: 'tool', callId: call.id, name: call.name, tool: resource as CallableTool, args };
};
