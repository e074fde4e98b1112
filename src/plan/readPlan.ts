import { InvalidTypeError } from '../errors.js';
import type { Language } from '../functions/functionDescriptor.js';
import { PyJsonParseError, parsePyJson } from '../json/parsePyJson.js';
import type { PyJson } from '../json/pyJson.js';
import type { ResourceType } from '../resources/resourceType.js';
import { Action } from './action.js';
import { AgentConfiguration, AgentPlan } from './agentPlan.js';
import type { ClassRegistry } from './classRegistry.js';
import { JsonNode } from './jsonNode.js';
import { childPointer } from '../json/jsonPointer.js';
import { rememberKeyOrder } from './keyOrder.js';
import { PlanReadError } from './planReadError.js';
import { readFunction } from './readFunction.js';
import { readProvider, readResourceType, type PlanReadContext } from './readProvider.js';
import type { ResourceProvider } from './resourceProvider.js';
import { quote } from '../types/declarationTree.js';

export interface ReadPlanOptions {
  /** The classes the plan may name; a serializable resource of another class is an error. */
  readonly registry: ClassRegistry;
  /**
   * This side's language: its serializable resources are restored, others kept opaque. Null
   * restores nothing, for reading a plan only as data (comparing plans).
   */
  readonly language?: Language | null;
}

/** The JSON value of plan text, or a read error saying where the text stops being JSON. */
export const parsePlanText = (text: string): PyJson => {
  try {
    return parsePyJson(text);
  } catch (error) {
    if (!(error instanceof PyJsonParseError)) throw error;
    const reason = error.message.replace(/ \(line \d+, column \d+\)$/, '');
    throw new PlanReadError(`plan text is not valid JSON: ${reason} (line ${error.line}, column ${error.column})`, '', { code: 'PLAN_NOT_JSON' });
  }
};

/**
 * Reads a plan in the upstream layout (Python's, Java's or ours), from text or a parsed value.
 * Every problem is a `PlanReadError` whose `path` is the JSON Pointer of the offending value.
 */
export const readPlan = (source: string | PyJson, options: ReadPlanOptions): AgentPlan => {
  // The registry is not defaulted here: the default one names the sub-agent classes, which read
  // plans themselves. JavaScript callers get a clear error rather than `Cannot read properties`.
  if ((options as ReadPlanOptions | undefined)?.registry === undefined) {
    throw new InvalidTypeError('readPlan(source, {registry}) needs the classes the plan may name: pass {registry: defaultRegistry} (exported by agentparity) or your own ClassRegistry', { code: 'READ_PLAN_NEEDS_REGISTRY' });
  }
  const context: PlanReadContext = { registry: options.registry, language: options.language === undefined ? 'typescript' : options.language };
  const root = new JsonNode(typeof source === 'string' ? parsePlanText(source) : source, '');
  return readPlanNode(root, context);
};

export const readPlanNode = (root: JsonNode, context: PlanReadContext): AgentPlan => {
  const object = root.asObject().allowOnly(['actions', 'resource_providers', 'agent_name', 'config']);
  const actions = new Map<string, Action>();
  for (const [key, node] of object.required('actions').asObject().members()) actions.set(key, readAction(node, key));
  const providersNode = object.optional('resource_providers');
  const agentNameNode = object.optional('agent_name');
  const configNode = object.optional('config');
  const plan = new AgentPlan(
    actions,
    providersNode && readProviders(providersNode, context),
    agentNameNode && (agentNameNode.isNull ? null : agentNameNode.asString()),
    configNode && (configNode.isNull ? null : readConfig(configNode)),
  );
  rememberKeyOrder(plan, object.keys);
  return plan;
};

export const readAction = (node: JsonNode, key: string): Action => {
  const object = node.asObject().allowOnly(['name', 'exec', 'trigger_conditions', 'config']);
  const nameNode = object.required('name');
  const name = nameNode.asString();
  if (name !== key) nameNode.fail('PLAN_ACTION_NAME_MISMATCH', `action name ${quote(name)} does not match its key ${quote(key)}`);
  const action = new Action(
    name,
    readFunction(object.required('exec')),
    object.required('trigger_conditions').asStringArray(),
    object.optional('config')?.value,
  );
  rememberKeyOrder(action, object.keys);
  return action;
};

const readProviders = (node: JsonNode, context: PlanReadContext): Map<ResourceType, Map<string, ResourceProvider>> => {
  const groups = new Map<ResourceType, Map<string, ResourceProvider>>();
  const object = node.asObject();
  for (const [typeKey, groupNode] of object.members()) {
    const type = readResourceType(new JsonNode(typeKey, childPointer(node.pointer, typeKey)));
    const group = new Map<string, ResourceProvider>();
    for (const [name, providerNode] of groupNode.asObject().members()) group.set(name, readProvider(providerNode, type, name, context, readPlanNode));
    groups.set(type, group);
  }
  return groups;
};

const readConfig = (node: JsonNode): AgentConfiguration => {
  const object = node.asObject().allowOnly(['conf_data']);
  const config = new AgentConfiguration(object.required('conf_data').asObject().entries);
  rememberKeyOrder(config, object.keys);
  return config;
};

export { PlanReadError };
