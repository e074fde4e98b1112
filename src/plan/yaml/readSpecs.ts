import type { Language } from '../../functions/functionDescriptor.js';
import type { PyJson, PyJsonObject } from '../../json/pyJson.js';
import { MESSAGE_ROLES, type MessageRole } from '../../chat/chatMessage.js';
import { ResourceType } from '../../resources/resourceType.js';
import { checkKnownKeys, childPath, expectArray, expectObject, expectOneOf, expectString, fail, quote, refusal, requireKey, treeGet, treeKeys } from '../../types/declarationTree.js';
import type { ActionRef, ActionSpec, DescriptorSpec, PromptSpec, SkillsSpec, SubagentSpec, ToolSpec } from './specs.js';

/**
 * Readers of the specs of a YAML agents document. The Python reference (`plan/yaml/read_specs.py`)
 * says the same things at the same paths, checking the same things in the same order: unknown
 * keys first, then each key in the order read here.
 */

export const LANGUAGES: readonly Language[] = ['python', 'java', 'typescript'];

const has = (node: PyJsonObject, key: string): boolean => treeGet(node, key) !== undefined;
const present = (node: PyJsonObject, key: string): PyJson | undefined => {
  const value = treeGet(node, key);
  return value === null ? undefined : value;
};

/** The items of an optional list, each read at its own path. */
export const items = <T>(node: PyJsonObject, key: string, path: string, read: (tree: PyJson, path: string) => T): T[] => {
  const value = treeGet(node, key);
  if (value === undefined) return [];
  const listPath = childPath(path, key);
  return expectArray(value, listPath).map((item, index) => read(item, childPath(listPath, index)));
};

const optionalString = (node: PyJsonObject, key: string, path: string): string | null => {
  const value = present(node, key);
  return value === undefined ? null : expectString(value, childPath(path, key));
};

const language = (node: PyJsonObject, path: string): Language | null => {
  const value = present(node, 'type');
  return value === undefined ? null : expectOneOf(value, LANGUAGES, childPath(path, 'type'));
};

const strings = (value: PyJson, path: string): string[] => expectArray(value, path).map((item, index) => expectString(item, childPath(path, index)));

export const readName = (node: PyJsonObject, path: string): string => expectString(requireKey(node, 'name', path), childPath(path, 'name'));

const entries = (node: PyJsonObject): Map<string, PyJson> => new Map(treeKeys(node).map((key) => [key, treeGet(node, key)!]));

export const readAction = (tree: PyJson, path: string): ActionSpec => {
  const node = expectObject(tree, path);
  checkKnownKeys(node, ['name', 'function', 'trigger_conditions', 'config', 'type'], path);
  const name = readName(node, path);
  const func = optionalString(node, 'function', path);
  const triggersPath = childPath(path, 'trigger_conditions');
  const triggers = strings(requireKey(node, 'trigger_conditions', path), triggersPath);
  if (triggers.length === 0) fail(triggersPath, refusal('YAML_TRIGGERS_EMPTY', 'expected at least one trigger condition'));
  triggers.forEach((trigger, index) => {
    if (trigger.trim() === '') fail(childPath(triggersPath, index), refusal('YAML_TRIGGER_BLANK', 'a trigger condition must not be blank'));
  });
  const config = present(node, 'config');
  if (config !== undefined) expectObject(config, childPath(path, 'config'));
  return { kind: 'action', name, function: func, triggerConditions: triggers, config: config ?? null, type: language(node, path), path };
};

export const readAgentAction = (tree: PyJson, path: string): ActionSpec | ActionRef =>
  typeof tree === 'string' ? { kind: 'ref', name: tree, path } : readAction(tree, path);

export const readTool = (tree: PyJson, path: string): ToolSpec => {
  const node = expectObject(tree, path);
  checkKnownKeys(node, ['name', 'function', 'type', 'parameter_types', 'injected_args'], path);
  const name = readName(node, path);
  const func = optionalString(node, 'function', path);
  const type = language(node, path);
  const types = present(node, 'parameter_types');
  const parameterTypes = types === undefined ? null : strings(types, childPath(path, 'parameter_types'));
  const injectedArgs = new Map<string, PyJson>();
  const injected = treeGet(node, 'injected_args');
  if (injected !== undefined) {
    const injectedPath = childPath(path, 'injected_args');
    const object = expectObject(injected, injectedPath);
    for (const arg of treeKeys(object)) injectedArgs.set(arg, expectObject(treeGet(object, arg), childPath(injectedPath, arg)));
  }
  return { name, function: func, type, parameterTypes, injectedArgs, path };
};

export const readDescriptor = (tree: PyJson, path: string, type: ResourceType): DescriptorSpec => {
  const node = expectObject(tree, path);
  const name = readName(node, path);
  const clazz = expectString(requireKey(node, 'clazz', path), childPath(path, 'clazz'));
  const lang = language(node, path);
  const args = entries(node);
  for (const key of ['name', 'clazz', 'type']) args.delete(key);
  // `subagents:` is this project's key on chat-model setups: the AGENT resources they delegate to.
  if (type === ResourceType.CHAT_MODEL && args.has('subagents')) strings(args.get('subagents')!, childPath(path, 'subagents'));
  return { name, clazz, type: lang, args, path };
};

const readMessage = (tree: PyJson, path: string): { role: MessageRole; content: string } => {
  const node = expectObject(tree, path);
  checkKnownKeys(node, ['role', 'content'], path);
  const role = expectOneOf(has(node, 'role') ? treeGet(node, 'role') : 'user', MESSAGE_ROLES, childPath(path, 'role'));
  return { role, content: expectString(requireKey(node, 'content', path), childPath(path, 'content')) };
};

export const readPrompt = (tree: PyJson, path: string): PromptSpec => {
  const node = expectObject(tree, path);
  checkKnownKeys(node, ['name', 'text', 'messages'], path);
  const name = readName(node, path);
  const text = optionalString(node, 'text', path);
  const messages = present(node, 'messages') === undefined ? null : items(node, 'messages', path, readMessage);
  if (Boolean(text) === Boolean(messages?.length)) fail(path, refusal('YAML_PROMPT_TEXT_OR_MESSAGES', "prompt must define exactly one non-empty 'text' or 'messages'"));
  return { name, text, messages, path };
};

const readPackage = (tree: PyJson, path: string): { package: string; resource: string } => {
  const node = expectObject(tree, path);
  checkKnownKeys(node, ['package', 'resource'], path);
  return {
    package: expectString(requireKey(node, 'package', path), childPath(path, 'package')),
    resource: expectString(requireKey(node, 'resource', path), childPath(path, 'resource')),
  };
};

export const readSkills = (tree: PyJson, path: string): SkillsSpec => {
  const node = expectObject(tree, path);
  checkKnownKeys(node, ['name', 'paths', 'urls', 'classpath', 'package'], path);
  const name = readName(node, path);
  const list = (key: string): string[] => (has(node, key) ? strings(treeGet(node, key)!, childPath(path, key)) : []);
  const [paths, urls, classpath] = [list('paths'), list('urls'), list('classpath')];
  const pkg = items(node, 'package', path, readPackage);
  if (paths.length + urls.length + classpath.length + pkg.length === 0) {
    fail(path, refusal('YAML_SKILLS_EMPTY', `skills '${name}': at least one of paths/urls/classpath/package must be non-empty.`));
  }
  return { name, paths, urls, classpath, package: pkg, path };
};

const SUBAGENT_KEYS = [
  'name',
  'description',
  'input_schema',
  'input_type',
  'result_type',
  'agent_ref',
  'target_module',
  'target_clazz',
  'arguments',
  'type',
];
const METADATA_KEYS = ['description', 'input_schema', 'input_type', 'result_type'];

export const readSubagent = (tree: PyJson, path: string): SubagentSpec => {
  const node = expectObject(tree, path);
  checkKnownKeys(node, SUBAGENT_KEYS, path);
  const name = readName(node, path);
  const description = optionalString(node, 'description', path);
  const inputSchema = optionalString(node, 'input_schema', path);
  const agentRef = optionalString(node, 'agent_ref', path);
  const external = has(node, 'target_module') || has(node, 'target_clazz');
  if (agentRef !== null && external) {
    fail(childPath(path, 'agent_ref'), refusal('YAML_SUBAGENT_AGENT_AND_CLASS', 'a sub-agent names an agent (agent_ref) or a setup class (target_module, target_clazz), not both'));
  }
  let targetModule: string | null = null;
  let targetClazz: string | null = null;
  let args: Map<string, PyJson> | null = null;
  if (external) {
    targetModule = expectString(requireKey(node, 'target_module', path), childPath(path, 'target_module'));
    targetClazz = expectString(requireKey(node, 'target_clazz', path), childPath(path, 'target_clazz'));
    for (const key of METADATA_KEYS) {
      if (has(node, key)) fail(childPath(path, key), refusal('YAML_SUBAGENT_CLASS_METADATA', 'a sub-agent with a setup class takes its description and schema from its "arguments"'));
    }
    args = has(node, 'arguments') ? entries(expectObject(treeGet(node, 'arguments'), childPath(path, 'arguments'))) : new Map();
  } else {
    for (const key of ['arguments', 'type']) {
      if (has(node, key)) fail(childPath(path, key), refusal('YAML_SUBAGENT_NEEDS_CLASS', `${quote(key)} needs a setup class (target_module and target_clazz)`));
    }
  }
  return {
    name,
    description,
    inputSchema,
    inputType: present(node, 'input_type') ?? null,
    resultType: present(node, 'result_type') ?? null,
    agentRef,
    targetModule,
    targetClazz,
    args,
    type: language(node, path),
    path,
  };
};
