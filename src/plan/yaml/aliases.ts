import type { Language } from '../../functions/functionDescriptor.js';
import { ResourceType } from '../../resources/resourceType.js';

/**
 * Short names a YAML declaration may use: event aliases, and class aliases per resource type and
 * language. The Python and Java buckets are the upstream loader's (the classes of the upstream
 * integrations); `stdio` names the stdio MCP server each runtime of this project ships. The
 * Python reference holds the same tables (`plan/yaml/aliases.py`; a test compares them).
 */
export const EVENT_ALIASES: Readonly<Record<string, string>> = {
  input: '_input_event',
  output: '_output_event',
  chat_request: '_chat_request_event',
  chat_response: '_chat_response_event',
  tool_request: '_tool_request_event',
  tool_response: '_tool_response_event',
  context_retrieval_request: '_context_retrieval_request_event',
  context_retrieval_response: '_context_retrieval_response_event',
};

const CHAT = 'flink_agents.integrations.chat_models';
const JAVA_CHAT = 'org.apache.flink.agents.integrations.chatmodels';
const EMBEDDING = 'flink_agents.integrations.embedding_models';
const JAVA_EMBEDDING = 'org.apache.flink.agents.integrations.embeddingmodels';
const JAVA_STORES = 'org.apache.flink.agents.integrations.vectorstores';

const pythonChat = (kind: string): Record<string, string> => ({
  ollama: `${CHAT}.ollama_chat_model.OllamaChatModel${kind}`,
  openai: `${CHAT}.openai.openai_chat_model.OpenAIChatModel${kind}`,
  anthropic: `${CHAT}.anthropic.anthropic_chat_model.AnthropicChatModel${kind}`,
  tongyi: `${CHAT}.tongyi_chat_model.TongyiChatModel${kind}`,
  azure_openai: `${CHAT}.azure.azure_openai_chat_model.AzureOpenAIChatModel${kind}`,
  vllm: `${CHAT}.vllm.vllm_chat_model.VLLMChatModel${kind}`,
  watsonx: `${CHAT}.watsonx.watsonx_chat_model.WatsonxChatModel${kind}`,
});

const javaChat = (kind: string): Record<string, string> => ({
  ollama: `${JAVA_CHAT}.ollama.OllamaChatModel${kind}`,
  openai_completions: `${JAVA_CHAT}.openai.OpenAICompletions${kind}`,
  openai_responses: `${JAVA_CHAT}.openai.OpenAIResponsesModel${kind}`,
  anthropic: `${JAVA_CHAT}.anthropic.AnthropicChatModel${kind}`,
  gemini: `${JAVA_CHAT}.gemini.GeminiChatModel${kind}`,
  azure_openai: `${JAVA_CHAT}.openai.AzureOpenAIChatModel${kind}`,
  bedrock: `${JAVA_CHAT}.bedrock.BedrockChatModel${kind}`,
  vllm: `${JAVA_CHAT}.openai.VLLMChatModel${kind}`,
  watsonx: `${JAVA_CHAT}.watsonx.WatsonxChatModel${kind}`,
});

const pythonEmbedding = (kind: string): Record<string, string> => ({
  ollama: `${EMBEDDING}.local.ollama_embedding_model.OllamaEmbeddingModel${kind}`,
  openai: `${EMBEDDING}.openai_embedding_model.OpenAIEmbeddingModel${kind}`,
  tongyi: `${EMBEDDING}.tongyi_embedding_model.TongyiEmbeddingModel${kind}`,
});

const javaEmbedding = (kind: string): Record<string, string> => ({
  ollama: `${JAVA_EMBEDDING}.ollama.OllamaEmbeddingModel${kind}`,
  bedrock: `${JAVA_EMBEDDING}.bedrock.BedrockEmbeddingModel${kind}`,
  openai: `${JAVA_EMBEDDING}.openai.OpenAIEmbeddingModel${kind}`,
});

type Buckets = Partial<Record<Language, Readonly<Record<string, string>>>>;

/** Resource type -> language -> alias -> class (a dotted class path; for TypeScript `module:Class`). */
export const CLAZZ_ALIASES: Partial<Record<ResourceType, Buckets>> = {
  [ResourceType.CHAT_MODEL_CONNECTION]: { python: pythonChat('Connection'), java: javaChat('Connection') },
  [ResourceType.CHAT_MODEL]: { python: pythonChat('Setup'), java: javaChat('Setup') },
  [ResourceType.EMBEDDING_MODEL_CONNECTION]: { python: pythonEmbedding('Connection'), java: javaEmbedding('Connection') },
  [ResourceType.EMBEDDING_MODEL]: { python: pythonEmbedding('Setup'), java: javaEmbedding('Setup') },
  [ResourceType.VECTOR_STORE]: {
    python: {
      chroma: 'flink_agents.integrations.vector_stores.chroma.chroma_vector_store.ChromaVectorStore',
      mem0: 'flink_agents.integrations.vector_stores.mem0.mem0_vector_store.Mem0VectorStore',
    },
    java: {
      elasticsearch: `${JAVA_STORES}.elasticsearch.ElasticsearchVectorStore`,
      opensearch: `${JAVA_STORES}.opensearch.OpenSearchVectorStore`,
      s3_vectors: `${JAVA_STORES}.s3vectors.S3VectorsVectorStore`,
      milvus: `${JAVA_STORES}.milvus.MilvusVectorStore`,
      pgvector: `${JAVA_STORES}.pgvector.PgVectorVectorStore`,
    },
  },
  [ResourceType.MCP_SERVER]: {
    python: { stdio: 'agentparity_ref.mcp.StdioMcpServer' },
    typescript: { stdio: 'agentparity/mcp:StdioMcpServer' },
  },
};

/** The resource types a `type: java` descriptor may have (upstream: those with a Python-side wrapper). */
export const JAVA_DESCRIPTOR_TYPES: readonly ResourceType[] = [
  ResourceType.CHAT_MODEL_CONNECTION,
  ResourceType.CHAT_MODEL,
  ResourceType.EMBEDDING_MODEL_CONNECTION,
  ResourceType.EMBEDDING_MODEL,
  ResourceType.VECTOR_STORE,
];

/** An event alias as its event type; anything else unchanged. */
export const resolveEventType = (name: string): string => (Object.hasOwn(EVENT_ALIASES, name) ? EVENT_ALIASES[name]! : name);

/** A class alias of the type and language as its class; anything else unchanged. */
export const resolveClazz = (name: string, type: ResourceType, language: Language): string => {
  const bucket = CLAZZ_ALIASES[type]?.[language];
  return bucket !== undefined && Object.hasOwn(bucket, name) ? bucket[name]! : name;
};
