import { JavaFunction, PythonFunction, type FunctionDescriptor, type Language } from '../../functions/functionDescriptor.js';
import type { ResourceType } from '../../resources/resourceType.js';
import { CLAZZ_ALIASES } from '../yaml/aliases.js';

/**
 * The mapping between languages that plan comparison goes through: each entry is one function or
 * class as every implementation names it. Plans that name the same entry in different languages
 * agree on it; names outside the mapping are compared as written (language included).
 */

export interface ClassName {
  readonly language: Language;
  readonly module: string;
  readonly clazz: string;
}

/** A function as a plan names it (Java's parameter types do not tell built-ins apart, so they are left out). */
export type FunctionName =
  | { readonly funcType: 'PythonFunction' | 'TypeScriptFunction'; readonly module: string; readonly qualname: string }
  | { readonly funcType: 'JavaFunction'; readonly qualname: string; readonly methodName: string };

export interface IdentityMapping {
  /** Canonical name -> the functions that stand for it. */
  readonly functions: ReadonlyMap<string, readonly FunctionName[]>;
  /** Canonical name -> the classes that stand for it. */
  readonly classes: ReadonlyMap<string, readonly ClassName[]>;
}

const py = (module: string, qualname: string): FunctionName => ({ funcType: 'PythonFunction', module, qualname });

export const functionNameOf = (f: FunctionDescriptor): FunctionName => {
  if (f instanceof JavaFunction) return { funcType: 'JavaFunction', qualname: f.qualname, methodName: f.methodName };
  return { funcType: f instanceof PythonFunction ? 'PythonFunction' : 'TypeScriptFunction', module: f.module, qualname: f.qualname };
};

/** The key of a function as a plan names it, whatever its language. */
export const functionKey = (f: FunctionName): string =>
  f.funcType === 'JavaFunction' ? `JavaFunction ${f.qualname}#${f.methodName}` : `${f.funcType} ${f.module}:${f.qualname}`;

export const classKey = (c: ClassName): string => `${c.language} ${c.module}.${c.clazz}`;

const builtIn = (java: string, javaMethod: string, python: string, qualname: string, tsName: string): FunctionName[] => [
  py('agentparity_ref.actions', qualname),
  py(`flink_agents.plan.actions.${python}`, qualname),
  { funcType: 'JavaFunction', qualname: `org.apache.flink.agents.plan.actions.${java}`, methodName: javaMethod },
  { funcType: 'TypeScriptFunction', module: 'agentparity/actions', qualname: tsName },
];

const BUILT_IN_ACTIONS: Readonly<Record<string, FunctionName[]>> = {
  'built-in chat_model_action': builtIn('ChatModelAction', 'processChatRequestOrToolResponse', 'chat_model_action', 'process_chat_request_or_tool_response', 'processChatRequestOrToolResponse'),
  'built-in tool_call_action': builtIn('ToolCallAction', 'processToolRequest', 'tool_call_action', 'process_tool_request', 'processToolRequest'),
  'built-in context_retrieval_action': builtIn(
    'ContextRetrievalAction',
    'processContextRetrievalRequest',
    'context_retrieval_action',
    'process_context_retrieval_request',
    'processContextRetrievalRequest',
  ),
};

// The ready-made actions of both runtimes.
const READY_MADE_ACTIONS: Readonly<Record<string, FunctionName[]>> = {
  'runtime ask_chat_model': [py('agentparity_ref.runtime', 'ask_chat_model'), { funcType: 'TypeScriptFunction', module: 'agentparity/runtime', qualname: 'askChatModel' }],
  'runtime reply_with_chat_response': [
    py('agentparity_ref.runtime', 'reply_with_chat_response'),
    { funcType: 'TypeScriptFunction', module: 'agentparity/runtime', qualname: 'replyWithChatResponse' },
  ],
  'agents ReActAgent.start_action': [py('agentparity_ref.agents', 'ReActAgent.start_action'), { funcType: 'TypeScriptFunction', module: 'agentparity/agents', qualname: 'ReActAgent.startAction' }],
  'agents ReActAgent.stop_action': [py('agentparity_ref.agents', 'ReActAgent.stop_action'), { funcType: 'TypeScriptFunction', module: 'agentparity/agents', qualname: 'ReActAgent.stopAction' }],
};

const ours = (tsModule: string, pyModule: string, clazz: string, upstream?: string): ClassName[] => [
  { language: 'typescript', module: tsModule, clazz },
  { language: 'python', module: pyModule, clazz },
  ...(upstream === undefined ? [] : [{ language: 'python' as const, module: upstream, clazz }]),
];

const RUNTIME_CLASSES: Readonly<Record<string, ClassName[]>> = {
  'class FunctionTool': ours('agentparity/tools', 'agentparity_ref.tools', 'FunctionTool', 'flink_agents.plan.tools.function_tool'),
  'class Prompt': ours('agentparity/resources', 'agentparity_ref.resources', 'Prompt'),
  'class Skills': ours('agentparity/resources', 'agentparity_ref.resources', 'Skills'),
  'class McpTool': ours('agentparity/mcp', 'agentparity_ref.mcp', 'McpTool'),
  'class McpPrompt': ours('agentparity/mcp', 'agentparity_ref.mcp', 'McpPrompt'),
  'class SubagentSetup': ours('agentparity/subagent', 'agentparity_ref.subagent', 'SubagentSetup'),
  'class HttpSubagentSetup': ours('agentparity/subagent', 'agentparity_ref.subagent', 'HttpSubagentSetup'),
  'class FunctionSubagentSetup': ours('agentparity/subagent', 'agentparity_ref.subagent', 'FunctionSubagentSetup'),
  'class ChatModelSetup': ours('agentparity/chat', 'agentparity_ref.chat', 'ChatModelSetup'),
  'class ScriptedConnection': ours('agentparity/chat', 'agentparity_ref.chat', 'ScriptedConnection'),
  'class OpenAiConnection': ours('agentparity/chat', 'agentparity_ref.chat', 'OpenAiConnection'),
  'class InternalSubagentSetup': [
    ...ours('agentparity/plan', 'agentparity_ref.plan', 'InternalSubagentSetup', 'flink_agents.runtime.internal_subagent'),
    { language: 'java', module: 'org.apache.flink.agents.runtime.subagent', clazz: 'InternalSubagentSetup' },
  ],
};

const classOf = (language: Language, target: string): ClassName => {
  if (language === 'typescript') {
    const cut = target.lastIndexOf(':');
    return { language, module: target.slice(0, cut), clazz: target.slice(cut + 1) };
  }
  const cut = target.lastIndexOf('.');
  return { language, module: target.slice(0, cut), clazz: target.slice(cut + 1) };
};

// Classes a YAML alias names in more than one language are the same integration.
const aliasClasses = (): Map<string, ClassName[]> => {
  const classes = new Map<string, ClassName[]>();
  for (const [type, buckets] of Object.entries(CLAZZ_ALIASES) as [ResourceType, Partial<Record<Language, Record<string, string>>>][]) {
    for (const [language, bucket] of Object.entries(buckets) as [Language, Record<string, string>][]) {
      for (const [alias, target] of Object.entries(bucket)) {
        const key = `${type} alias ${alias}`;
        classes.set(key, [...(classes.get(key) ?? []), classOf(language, target)]);
      }
    }
  }
  return new Map([...classes].filter(([, names]) => names.length > 1));
};

/**
 * The functions and classes of this project's runtimes (built-in and ready-made actions, the
 * classes plans serialize) with the upstream built-in actions: what a runner of either language
 * serves when another language's plan names it (`src/runner/standIns.ts`).
 */
export const RUNTIME_IDENTITIES: IdentityMapping = {
  functions: new Map(Object.entries({ ...BUILT_IN_ACTIONS, ...READY_MADE_ACTIONS })),
  classes: new Map(Object.entries(RUNTIME_CLASSES)),
};

/** The mapping of this project's runtimes, the upstream built-in actions and the YAML class aliases. */
export const DEFAULT_IDENTITIES: IdentityMapping = {
  functions: RUNTIME_IDENTITIES.functions,
  classes: new Map([...RUNTIME_IDENTITIES.classes, ...aliasClasses()]),
};

interface IdentityIndex {
  readonly functions: ReadonlyMap<string, string>;
  readonly classes: ReadonlyMap<string, string>;
}

// A mapping is read-only, so its tables are built once: a plan comparison indexes every plan and
// child plan it meets, and the default mapping took longer to index than a small plan to compare.
const indexes = new WeakMap<IdentityMapping, IdentityIndex>();

/** Lookup tables of a mapping: the canonical name of a function or class key. */
export const indexIdentities = (mapping: IdentityMapping): IdentityIndex => {
  let index = indexes.get(mapping);
  if (index === undefined) {
    index = {
      functions: new Map([...mapping.functions].flatMap(([name, fs]) => fs.map((f) => [functionKey(f), name] as [string, string]))),
      classes: new Map([...mapping.classes].flatMap(([name, cs]) => cs.map((c) => [classKey(c), name] as [string, string]))),
    };
    indexes.set(mapping, index);
  }
  return index;
};
