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
export { RESOURCE_TYPES, ResourceType, isResourceType } from './resources/resourceType.js';
export { ResourceDescriptor } from './resources/resourceDescriptor.js';
export { Prompt, type PromptMessage } from './resources/prompt.js';
export { Skills, type PackageSkill, type SkillSources } from './resources/skills.js';
export { JavaFunction, PythonFunction, TypeScriptFunction, type FunctionDescriptor, type Implementation, type Language } from './functions/functionDescriptor.js';
export { FunctionTool, Tool, ToolMetadata, isCallableTool, type CallableTool, type ToolDescription, type ToolFunction, type ToolType } from './tools/index.js';
export { McpPrompt, type McpPromptArgument } from './mcp/mcpPrompt.js';
export { McpTool } from './mcp/mcpTool.js';
export { StdioMcpServer, type StdioMcpServerOptions } from './mcp/stdioMcpServer.js';
export { Agent, type ActionDeclaration, type AgentDeclarations, type DeclarationSite } from './plan/agent.js';
export { Action } from './plan/action.js';
export { AgentConfiguration, AgentPlan, type ResourceProviders } from './plan/agentPlan.js';
export { buildPlan, type BuildPlanOptions } from './plan/buildPlan.js';
export { ClassRegistry, type ClassEntry, type ClassIdentity } from './plan/classRegistry.js';
export { defaultRegistry } from './plan/defaultRegistry.js';
export { InternalSubagentSetup } from './plan/internalSubagentSetup.js';
export type { SubagentMetadataProvider } from './plan/subagentMetadata.js';
export { DEFAULT_SUBAGENT_DESCRIPTION, DEFAULT_SUBAGENT_INPUT_SCHEMA, ReActAgent, type ReActAgentOptions } from './plan/reactAgent.js';
export { PlanBuildError } from './plan/planErrors.js';
export { PlanReadError } from './plan/planReadError.js';
export { readPlan, type ReadPlanOptions } from './plan/readPlan.js';
export { DescriptorProvider, OpaqueResource, SerializableProvider, type ResourceProvider, type SerializableResource } from './plan/resourceProvider.js';
export { planToJson, writePlan } from './plan/writePlan.js';
export { diffPlans, type DiffPlansOptions } from './plan/diff/diffPlans.js';
export { DEFAULT_IDENTITIES, type ClassName, type FunctionName, type IdentityMapping } from './plan/diff/identities.js';
export { mergeIdentities, readIdentityMapping } from './plan/diff/readIdentityMapping.js';
export type { PlanComparison, PlanDifference, PlanEquivalence } from './plan/diff/planDifference.js';
export { loadAgentsDocument, parseAgentsDocument } from './plan/yaml/loadAgentsDocument.js';
export { readAgentsDocument } from './plan/yaml/readAgentsDocument.js';
export type { AgentsDocument } from './plan/yaml/specs.js';
export { YamlPlanBuilder, buildYamlPlan, type YamlPlanBuilderOptions } from './plan/yaml/yamlPlanBuilder.js';
export type { Submittable } from './subagent/submittable.js';
export { FunctionSubagentSetup, type FunctionSubagentSetupOptions, type SubagentFunction } from './setups/functionSubagentSetup.js';
export { HttpSubagentSetup, type HttpSubagentSetupJson, type HttpSubagentSetupOptions } from './setups/httpSubagentSetup.js';
export { startSubagentServer, type SubagentHandler, type SubagentServer, type SubagentServerOptions } from './setups/httpSubagentServer.js';
export {
  PromiseFuture,
  durableSubagentCall,
  type DurableSubagentCallOptions,
  type Probe,
  type ProbeAnswer,
  type UnknownOutcomePolicy,
} from './setups/durableSubagentCall.js';
export { ChatMessage, MESSAGE_ROLES, isMessageRole, type MessageRole } from './chat/chatMessage.js';
export { readToolCall, toolCall, type ToolCallView } from './chat/toolCall.js';
export type { ChatModelConnection } from './chat/chatModelConnection.js';
export { ScriptedConnection, type ScriptedRequest, type ScriptedTurn } from './chat/scriptedConnection.js';
export { ChatEndpointError, OpenAiConnection, type OpenAiConnectionOptions } from './chat/openAiConnection.js';
export { ChatModelSetup, type ChatModelSetupOptions } from './chat/chatModelSetup.js';
export { SUBAGENT_MARKER, SubagentTool } from './chat/subagentTool.js';
export { MAX_DESCRIPTION_LENGTH, toOpenAiTool, type CallableSpec } from './chat/toOpenAiTool.js';
export type { SkillSummary } from './chat/skillListing.js';
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
export type { ActionFunction } from './runtime/actionFunction.js';
export { AgentResources } from './runner/agentResources.js';
export { ASK_CHAT_MODEL, REPLY_WITH_CHAT_RESPONSE, RUNTIME_MODULE, askChatModel, replyWithChatResponse } from './runtime/chatAgentActions.js';
export { CancelledError, isCancellation } from './runtime/cancellation.js';
export { durable, DurableExecutor, RecordedError, ReplayMismatchError, type DurableCallable } from './runtime/durableExecutor.js';
export type { DurableOutcome, DurableRecord, DurableStart, DurableStore } from './runtime/durableStore.js';
export { StoreClaimedError } from './runtime/storeClaimedError.js';
export { MemoryStore } from './runtime/memoryStore.js';
export { MemoryObject, NESTED_OBJECT_MARK } from './runtime/memory/memoryObject.js';
export { MemoryRef } from './runtime/memory/memoryRef.js';
export { SqliteStore } from './runtime/sqliteStore.js';
export type { ExecutionReport, ReportScope, ReportStatus } from './runtime/executionReport.js';
export { LocalRunner, traceToJson, type InputRun, type LocalRunnerOptions } from './runner/localRunner.js';
export { NamedFunctions } from './runner/namedFunctions.js';
export { ActionContext, SessionIds, type RunnerContext } from './runtime/runnerContext.js';
export { ReadableConfiguration } from './runtime/readableConfiguration.js';
