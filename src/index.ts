// The package barrel: the public API, by explicit name.
export { AgentparityError, DeclarationError, InvalidTypeError, InvalidValueError, NotFoundError, NotSupportedError, TypeValidationError, isAgentparityError, type ErrorKind } from './errors.js';
export { PyFloat, type PyJson } from './json/pyJson.js';
export { parsePyJson } from './json/parsePyJson.js';
export { parseYaml } from './json/parseYaml.js';
export { writePyJson } from './json/writePyJson.js';
export {
  DECLARATION_FORMAT,
  type ComputedFieldDeclaration,
  type Constraints,
  type Declaration,
  type DefaultFactory,
  type DefaultKind,
  type DefaultValue,
  type EnumDeclaration,
  type EnumMember,
  type FieldDeclaration,
  type ModelConfig,
  type ModelDeclaration,
  type SchemaMode,
  type TypeExpr,
} from './types/declaration.js';
export { DeclarationFileError, loadDeclaration, readDeclaration } from './types/readDeclaration.js';
export { computed, d, declaration, defineEnum, defineModel, field, t, type BuilderValue, type FieldOptions, type ModelOptions } from './types/builder.js';
export { CALLABLE_NAME_PREFIX } from './subagent/callableNamePrefix.js';
export type { DeclaredType } from './subagent/declaredType.js';
export { BLANK_SCHEMA_MESSAGE, SubagentSetup, inputSchemaFrom, type SubagentSetupJson, type SubagentSetupOptions } from './subagent/subagentSetup.js';
export { SubagentFailure, SubagentResult } from './subagent/subagentResult.js';
export { SubagentFuture } from './subagent/subagentFuture.js';
export { SubagentFutures } from './subagent/subagentFutures.js';
export type { Submittable } from './subagent/submittable.js';
export { FunctionSubagentSetup, type FunctionSubagentSetupOptions, type SubagentFunction } from './subagent/functionSubagentSetup.js';
export { HttpSubagentSetup, type HttpSubagentSetupOptions } from './subagent/httpSubagentSetup.js';
export { startSubagentServer, type SubagentHandler, type SubagentServer } from './subagent/httpSubagentServer.js';
export { PromiseFuture, durableSubagentCall } from './subagent/durableSubagentCall.js';
export { ChatMessage, type MessageRole } from './chat/chatMessage.js';
export { readToolCall, toolCall, type ToolCallView } from './chat/toolCall.js';
export type { ChatModelConnection } from './chat/chatModelConnection.js';
export { ScriptedConnection, type ScriptedRequest, type ScriptedTurn } from './chat/scriptedConnection.js';
export { ChatEndpointError, OpenAiConnection, type OpenAiConnectionOptions } from './chat/openAiConnection.js';
export { ChatModelSetup, type ChatModelSetupOptions } from './chat/chatModelSetup.js';
export { SUBAGENT_MARKER, SubagentTool } from './chat/subagentTool.js';
export { MAX_DESCRIPTION_LENGTH, toOpenAiTool, type CallableSpec } from './chat/toOpenAiTool.js';
export type { SkillSummary } from './chat/skillListing.js';
export { LocalTool, type CallableTool, type ToolFunction } from './tools/localTool.js';
export { ToolResponse, toToolResponse } from './tools/toolResponse.js';
export { chatModelAction } from './actions/chatModelAction.js';
export { processToolRequest, toolCallAction, type ToolCallMode } from './actions/toolCallAction.js';
export {
  ChatRequestEvent,
  ChatResponseEvent,
  EVENT_TYPES,
  Event,
  GenericEvent,
  InputEvent,
  OutputEvent,
  ToolRequestEvent,
  ToolResponseEvent,
} from './runtime/events.js';
export { eventFromJson, eventToJson } from './runtime/eventJson.js';
export { Agent, type Action } from './runtime/agent.js';
export { askChatModel, replyWithChatResponse } from './runtime/chatAgentActions.js';
export { CancelledError, isCancellation } from './runtime/cancellation.js';
export { durable, DurableExecutor, RecordedError, ReplayMismatchError, type DurableCallable } from './runtime/durableExecutor.js';
export type { DurableOutcome, DurableRecord, DurableStore } from './runtime/durableStore.js';
export { MemoryStore } from './runtime/memoryStore.js';
export { SqliteStore } from './runtime/sqliteStore.js';
export type { ExecutionReport, ReportScope, ReportStatus } from './runtime/executionReport.js';
export { LocalRunner, traceToJson, type InputRun, type LocalRunnerOptions } from './runtime/localRunner.js';
export { Resources, type ResourceTypeName } from './runtime/resources.js';
export { ActionContext, SessionIds, type RunnerContext } from './runtime/runnerContext.js';
