/**
 * The kinds of resource an agent declares, with their wire values (the keys of a plan's
 * `resource_providers`). The upstream enum also has `embedding_model_connection` and
 * `model_router`; both are here so that upstream plans that use them read.
 */
export const ResourceType = {
  CHAT_MODEL: 'chat_model',
  CHAT_MODEL_CONNECTION: 'chat_model_connection',
  TOOL: 'tool',
  EMBEDDING_MODEL: 'embedding_model',
  EMBEDDING_MODEL_CONNECTION: 'embedding_model_connection',
  VECTOR_STORE: 'vector_store',
  PROMPT: 'prompt',
  MCP_SERVER: 'mcp_server',
  SKILLS: 'skills',
  MODEL_ROUTER: 'model_router',
  AGENT: 'agent',
} as const;

export type ResourceType = (typeof ResourceType)[keyof typeof ResourceType];

/** Every resource type, in declaration order. */
export const RESOURCE_TYPES: readonly ResourceType[] = Object.values(ResourceType);

export const isResourceType = (value: unknown): value is ResourceType =>
  typeof value === 'string' && (RESOURCE_TYPES as readonly string[]).includes(value);
