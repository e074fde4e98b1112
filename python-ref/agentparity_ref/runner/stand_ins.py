"""This runtime's functions and classes for those another language's plan names. Mirrors
`src/runner/standIns.ts`, whose table is `src/plan/diff/identities.ts`'s ``RUNTIME_IDENTITIES``
(a test keeps the two equal)."""

from __future__ import annotations

from ..functions.function_descriptor import FunctionDescriptor, JavaFunction, Language

FunctionName = tuple[str, str, str]
"""A function as a plan names it: ``(func_type, module, qualname)``; Java's ``("JavaFunction", class, method)``."""

ClassName = tuple[Language, str, str]


def _built_in(java: str, java_method: str, python: str, qualname: str, ts_name: str) -> tuple[FunctionName, ...]:
    return (
        ("PythonFunction", "agentparity_ref.actions", qualname),
        ("PythonFunction", f"flink_agents.plan.actions.{python}", qualname),
        ("JavaFunction", f"org.apache.flink.agents.plan.actions.{java}", java_method),
        ("TypeScriptFunction", "agentparity/actions", ts_name),
    )


def _ours(ts_module: str, py_module: str, clazz: str, upstream: str | None = None) -> tuple[ClassName, ...]:
    found: tuple[ClassName, ...] = (("typescript", ts_module, clazz), ("python", py_module, clazz))
    return found if upstream is None else (*found, ("python", upstream, clazz))


FUNCTIONS: dict[str, tuple[FunctionName, ...]] = {
    "built-in chat_model_action": _built_in(
        "ChatModelAction", "processChatRequestOrToolResponse", "chat_model_action", "process_chat_request_or_tool_response", "processChatRequestOrToolResponse"
    ),
    "built-in tool_call_action": _built_in("ToolCallAction", "processToolRequest", "tool_call_action", "process_tool_request", "processToolRequest"),
    "built-in context_retrieval_action": _built_in(
        "ContextRetrievalAction", "processContextRetrievalRequest", "context_retrieval_action", "process_context_retrieval_request", "processContextRetrievalRequest"
    ),
    "runtime ask_chat_model": (("PythonFunction", "agentparity_ref.runtime", "ask_chat_model"), ("TypeScriptFunction", "agentparity/runtime", "askChatModel")),
    "runtime reply_with_chat_response": (
        ("PythonFunction", "agentparity_ref.runtime", "reply_with_chat_response"),
        ("TypeScriptFunction", "agentparity/runtime", "replyWithChatResponse"),
    ),
    "agents ReActAgent.start_action": (
        ("PythonFunction", "agentparity_ref.agents", "ReActAgent.start_action"),
        ("TypeScriptFunction", "agentparity/agents", "ReActAgent.startAction"),
    ),
    "agents ReActAgent.stop_action": (
        ("PythonFunction", "agentparity_ref.agents", "ReActAgent.stop_action"),
        ("TypeScriptFunction", "agentparity/agents", "ReActAgent.stopAction"),
    ),
}
"""The built-in and ready-made actions, as every implementation names them."""

CLASSES: dict[str, tuple[ClassName, ...]] = {
    "class FunctionTool": _ours("agentparity/tools", "agentparity_ref.tools", "FunctionTool", "flink_agents.plan.tools.function_tool"),
    "class Prompt": _ours("agentparity/resources", "agentparity_ref.resources", "Prompt"),
    "class Skills": _ours("agentparity/resources", "agentparity_ref.resources", "Skills"),
    "class McpTool": _ours("agentparity/mcp", "agentparity_ref.mcp", "McpTool"),
    "class McpPrompt": _ours("agentparity/mcp", "agentparity_ref.mcp", "McpPrompt"),
    "class SubagentSetup": _ours("agentparity/subagent", "agentparity_ref.subagent", "SubagentSetup"),
    "class HttpSubagentSetup": _ours("agentparity/subagent", "agentparity_ref.subagent", "HttpSubagentSetup"),
    "class FunctionSubagentSetup": _ours("agentparity/subagent", "agentparity_ref.subagent", "FunctionSubagentSetup"),
    "class ChatModelSetup": _ours("agentparity/chat", "agentparity_ref.chat", "ChatModelSetup"),
    "class ScriptedConnection": _ours("agentparity/chat", "agentparity_ref.chat", "ScriptedConnection"),
    "class OpenAiConnection": _ours("agentparity/chat", "agentparity_ref.chat", "OpenAiConnection"),
    "class InternalSubagentSetup": (
        *_ours("agentparity/plan", "agentparity_ref.plan", "InternalSubagentSetup", "flink_agents.runtime.internal_subagent"),
        ("java", "org.apache.flink.agents.runtime.subagent", "InternalSubagentSetup"),
    ),
}
"""The classes plans serialize, as every implementation names them."""


def function_name_of(function: FunctionDescriptor) -> FunctionName:
    if isinstance(function, JavaFunction):
        return ("JavaFunction", function.qualname, function.method_name)
    return (function.func_type, function.module, function.qualname)


def own_function_for(function: FunctionDescriptor) -> tuple[str, str] | None:
    """This runtime's ``(module, qualname)`` for a function a plan names, when the table has one:
    a built-in or ready-made action of Python (ours or upstream's), Java or TypeScript. A plan
    compiled in another language runs them as this runtime's own."""
    name = function_name_of(function)
    for names in FUNCTIONS.values():
        if name in names:
            return next(((module, qualname) for kind, module, qualname in names if kind == "PythonFunction"), None)
    return None


def own_class_for(language: Language, module: str, clazz: str) -> tuple[str, str] | None:
    """This runtime's ``(module, clazz)`` standing for a class another language's plan serializes."""
    for names in CLASSES.values():
        if (language, module, clazz) in names:
            return next(((m, c) for lang, m, c in names if lang == "python"), None)
    return None
