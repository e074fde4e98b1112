import type { Language } from '../../functions/functionDescriptor.js';
import type { PyJson } from '../../json/pyJson.js';
import { ResourceType } from '../../resources/resourceType.js';
import type { MessageRole } from '../../chat/chatMessage.js';
import type { Declaration } from '../../types/declaration.js';

/** A YAML agents document, checked: what each agent and the file level declare. Every spec keeps its path. */

export interface ActionSpec {
  readonly kind: 'action';
  readonly name: string;
  readonly function: string | null;
  readonly triggerConditions: readonly string[];
  readonly config: PyJson | null;
  readonly type: Language | null;
  readonly path: string;
}

/** An agent's reference, by name, to an action declared at the file level. */
export interface ActionRef {
  readonly kind: 'ref';
  readonly name: string;
  readonly path: string;
}

export interface ToolSpec {
  readonly name: string;
  readonly function: string | null;
  readonly type: Language | null;
  readonly parameterTypes: readonly string[] | null;
  readonly injectedArgs: ReadonlyMap<string, PyJson>;
  readonly path: string;
}

export interface DescriptorSpec {
  readonly name: string;
  readonly clazz: string;
  readonly type: Language | null;
  /** Every other key, in written order: the resource's constructor arguments. */
  readonly args: ReadonlyMap<string, PyJson>;
  readonly path: string;
}

export interface PromptSpec {
  readonly name: string;
  readonly text: string | null;
  readonly messages: readonly { readonly role: MessageRole; readonly content: string }[] | null;
  readonly path: string;
}

export interface SkillsSpec {
  readonly name: string;
  readonly paths: readonly string[];
  readonly urls: readonly string[];
  readonly classpath: readonly string[];
  readonly package: readonly { readonly package: string; readonly resource: string }[];
  readonly path: string;
}

/**
 * An AGENT resource: an internal agent (`agentRef`), an external setup class (`targetClazz` and
 * its arguments), or a setup declared in place (neither).
 */
export interface SubagentSpec {
  readonly name: string;
  readonly description: string | null;
  readonly inputSchema: string | null;
  readonly inputType: PyJson | null;
  readonly resultType: PyJson | null;
  readonly agentRef: string | null;
  readonly targetModule: string | null;
  readonly targetClazz: string | null;
  readonly args: ReadonlyMap<string, PyJson> | null;
  readonly type: Language | null;
  readonly path: string;
}

/** The descriptor lists, in the order they are read and built, with the type each declares. */
export const DESCRIPTOR_LISTS: readonly (readonly [string, ResourceType])[] = [
  ['chat_model_connections', ResourceType.CHAT_MODEL_CONNECTION],
  ['chat_model_setups', ResourceType.CHAT_MODEL],
  ['embedding_model_connections', ResourceType.EMBEDDING_MODEL_CONNECTION],
  ['embedding_model_setups', ResourceType.EMBEDDING_MODEL],
  ['vector_stores', ResourceType.VECTOR_STORE],
  ['mcp_servers', ResourceType.MCP_SERVER],
];

/** What an agent, or the file level, declares. */
export interface ResourceSpecs {
  readonly prompts: readonly PromptSpec[];
  readonly tools: readonly ToolSpec[];
  readonly skills: readonly SkillsSpec[];
  readonly actions: readonly (ActionSpec | ActionRef)[];
  readonly descriptors: ReadonlyMap<string, readonly DescriptorSpec[]>;
  readonly subagents: readonly SubagentSpec[];
}

export interface AgentSpec {
  readonly name: string;
  readonly resources: ResourceSpecs;
  readonly path: string;
}

export interface AgentsDocument {
  /** The file the document came from, as messages name it. */
  readonly source: string;
  readonly agents: readonly AgentSpec[];
  readonly shared: ResourceSpecs;
  readonly types: Declaration | null;
  /** The plan configuration the document states (`config:`), when it states one. */
  readonly config: ReadonlyMap<string, PyJson> | null;
}
