"""Short names a YAML declaration may use: event aliases, and class aliases per resource type and
language. Mirrors `src/plan/yaml/aliases.ts` (a test checks the two tables are the same).

The Python and Java buckets are the upstream loader's (the classes of the upstream integrations);
``stdio`` names the stdio MCP server each runtime of this project ships.
"""

from __future__ import annotations

from ...functions.function_descriptor import Language
from ...resources.resource_type import ResourceType

EVENT_ALIASES: dict[str, str] = {
    "input": "_input_event",
    "output": "_output_event",
    "chat_request": "_chat_request_event",
    "chat_response": "_chat_response_event",
    "tool_request": "_tool_request_event",
    "tool_response": "_tool_response_event",
    "context_retrieval_request": "_context_retrieval_request_event",
    "context_retrieval_response": "_context_retrieval_response_event",
}

_CHAT = "flink_agents.integrations.chat_models"
_JAVA_CHAT = "org.apache.flink.agents.integrations.chatmodels"
_EMBEDDING = "flink_agents.integrations.embedding_models"
_JAVA_EMBEDDING = "org.apache.flink.agents.integrations.embeddingmodels"
_JAVA_STORES = "org.apache.flink.agents.integrations.vectorstores"


def _python_chat(kind: str) -> dict[str, str]:
    return {
        "ollama": f"{_CHAT}.ollama_chat_model.OllamaChatModel{kind}",
        "openai": f"{_CHAT}.openai.openai_chat_model.OpenAIChatModel{kind}",
        "anthropic": f"{_CHAT}.anthropic.anthropic_chat_model.AnthropicChatModel{kind}",
        "tongyi": f"{_CHAT}.tongyi_chat_model.TongyiChatModel{kind}",
        "azure_openai": f"{_CHAT}.azure.azure_openai_chat_model.AzureOpenAIChatModel{kind}",
        "vllm": f"{_CHAT}.vllm.vllm_chat_model.VLLMChatModel{kind}",
        "watsonx": f"{_CHAT}.watsonx.watsonx_chat_model.WatsonxChatModel{kind}",
    }


def _java_chat(kind: str) -> dict[str, str]:
    return {
        "ollama": f"{_JAVA_CHAT}.ollama.OllamaChatModel{kind}",
        "openai_completions": f"{_JAVA_CHAT}.openai.OpenAICompletions{kind}",
        "openai_responses": f"{_JAVA_CHAT}.openai.OpenAIResponsesModel{kind}",
        "anthropic": f"{_JAVA_CHAT}.anthropic.AnthropicChatModel{kind}",
        "gemini": f"{_JAVA_CHAT}.gemini.GeminiChatModel{kind}",
        "azure_openai": f"{_JAVA_CHAT}.openai.AzureOpenAIChatModel{kind}",
        "bedrock": f"{_JAVA_CHAT}.bedrock.BedrockChatModel{kind}",
        "vllm": f"{_JAVA_CHAT}.openai.VLLMChatModel{kind}",
        "watsonx": f"{_JAVA_CHAT}.watsonx.WatsonxChatModel{kind}",
    }


def _python_embedding(kind: str) -> dict[str, str]:
    return {
        "ollama": f"{_EMBEDDING}.local.ollama_embedding_model.OllamaEmbeddingModel{kind}",
        "openai": f"{_EMBEDDING}.openai_embedding_model.OpenAIEmbeddingModel{kind}",
        "tongyi": f"{_EMBEDDING}.tongyi_embedding_model.TongyiEmbeddingModel{kind}",
    }


def _java_embedding(kind: str) -> dict[str, str]:
    return {
        "ollama": f"{_JAVA_EMBEDDING}.ollama.OllamaEmbeddingModel{kind}",
        "bedrock": f"{_JAVA_EMBEDDING}.bedrock.BedrockEmbeddingModel{kind}",
        "openai": f"{_JAVA_EMBEDDING}.openai.OpenAIEmbeddingModel{kind}",
    }


# resource type -> language -> alias -> class (a dotted class path; for TypeScript `module:Class`)
CLAZZ_ALIASES: dict[ResourceType, dict[Language, dict[str, str]]] = {
    ResourceType.CHAT_MODEL_CONNECTION: {"python": _python_chat("Connection"), "java": _java_chat("Connection")},
    ResourceType.CHAT_MODEL: {"python": _python_chat("Setup"), "java": _java_chat("Setup")},
    ResourceType.EMBEDDING_MODEL_CONNECTION: {"python": _python_embedding("Connection"), "java": _java_embedding("Connection")},
    ResourceType.EMBEDDING_MODEL: {"python": _python_embedding("Setup"), "java": _java_embedding("Setup")},
    ResourceType.VECTOR_STORE: {
        "python": {
            "chroma": "flink_agents.integrations.vector_stores.chroma.chroma_vector_store.ChromaVectorStore",
            "mem0": "flink_agents.integrations.vector_stores.mem0.mem0_vector_store.Mem0VectorStore",
        },
        "java": {
            "elasticsearch": f"{_JAVA_STORES}.elasticsearch.ElasticsearchVectorStore",
            "opensearch": f"{_JAVA_STORES}.opensearch.OpenSearchVectorStore",
            "s3_vectors": f"{_JAVA_STORES}.s3vectors.S3VectorsVectorStore",
            "milvus": f"{_JAVA_STORES}.milvus.MilvusVectorStore",
            "pgvector": f"{_JAVA_STORES}.pgvector.PgVectorVectorStore",
        },
    },
    ResourceType.MCP_SERVER: {
        "python": {"stdio": "agentparity_ref.mcp.StdioMcpServer"},
        "typescript": {"stdio": "agentparity/mcp:StdioMcpServer"},
    },
}

# The resource types a `type: java` descriptor may have (upstream: those with a Python-side wrapper).
JAVA_DESCRIPTOR_TYPES: tuple[ResourceType, ...] = (
    ResourceType.CHAT_MODEL_CONNECTION,
    ResourceType.CHAT_MODEL,
    ResourceType.EMBEDDING_MODEL_CONNECTION,
    ResourceType.EMBEDDING_MODEL,
    ResourceType.VECTOR_STORE,
)


def resolve_event_type(name: str) -> str:
    """An event alias as its event type; anything else unchanged."""
    return EVENT_ALIASES.get(name, name)


def resolve_clazz(name: str, resource_type: ResourceType, language: Language) -> str:
    """A class alias of the type and language as its class; anything else unchanged."""
    return CLAZZ_ALIASES.get(resource_type, {}).get(language, {}).get(name, name)
