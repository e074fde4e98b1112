import { writePyJson } from '../json/writePyJson.js';
import type { PyJson } from '../json/pyJson.js';
import type { Action } from './action.js';
import type { AgentPlan } from './agentPlan.js';
import { inSourceOrder } from './keyOrder.js';
import type { InternalSubagentSetup } from './internalSubagentSetup.js';
import { JAVA_INTERNAL_PROVIDER_KIND, OpaqueResource, type ResourceProvider, type SerializableProvider, type SerializableResource } from './resourceProvider.js';

const KIND_KEY = '__resource_provider_type__';

/** A plan as the JSON value of the upstream layout, keys in the order they were read in (or canonical). */
export const planToJson = (plan: AgentPlan): Map<string, PyJson> => {
  const fields = new Map<string, PyJson>();
  fields.set('actions', new Map([...plan.actions].map(([name, action]) => [name, actionToJson(action)])));
  if (plan.resourceProviders !== undefined) {
    const groups = new Map<string, PyJson>();
    for (const [type, group] of plan.resourceProviders) {
      groups.set(type, new Map([...group].map(([name, provider]) => [name, providerToJson(provider)])));
    }
    fields.set('resource_providers', groups);
  }
  if (plan.agentName !== undefined) fields.set('agent_name', plan.agentName);
  if (plan.config !== undefined) {
    fields.set('config', plan.config === null ? null : inSourceOrder(plan.config, new Map([['conf_data', plan.config.confData]])));
  }
  return inSourceOrder(plan, fields);
};

/** A live resource's serialized value: the JSON values its `toJSON` gives. */
export const serializeResource = (resource: SerializableResource): PyJson => resource.toJSON() as PyJson;

/** Plan JSON text exactly as Python's `json.dumps` prints the same value. */
export const writePlan = (plan: AgentPlan): string => writePyJson(planToJson(plan));

export const actionToJson = (action: Action): Map<string, PyJson> => {
  const fields = new Map<string, PyJson>([
    ['name', action.name],
    ['exec', inSourceOrder(action.exec, action.exec.toJSON())],
    ['trigger_conditions', [...action.triggerConditions]],
  ]);
  if (action.config !== undefined) fields.set('config', action.config);
  return inSourceOrder(action, fields);
};

export const providerToJson = (provider: ResourceProvider): Map<string, PyJson> => {
  const fields = new Map<string, PyJson>([
    ['name', provider.name],
    ['type', provider.type],
  ]);
  if ('descriptor' in provider) {
    const { descriptor } = provider;
    if (provider.layout === 'kwargs') {
      fields.set('module', descriptor.targetModule).set('clazz', descriptor.targetClazz).set('kwargs', descriptor.args);
    } else {
      fields.set('descriptor', inSourceOrder(descriptor, descriptor.toJSON()));
    }
  } else if (provider.layout === 'java-internal') {
    return javaInternalProviderToJson(provider, fields);
  } else {
    fields.set('module', provider.module).set('clazz', provider.clazz);
    const { resource } = provider;
    fields.set(provider.serializedKey, resource instanceof OpaqueResource ? resource.data : serializeResource(resource));
  }
  fields.set(KIND_KEY, provider.kind);
  return inSourceOrder(provider, fields);
};

// Java's `InternalSubagentProvider`, as it was read: D3's metadata only when there is some.
const javaInternalProviderToJson = (provider: SerializableProvider, fields: Map<string, PyJson>): Map<string, PyJson> => {
  const setup = provider.resource as InternalSubagentSetup;
  fields.set('scope', setup.scope).set('childPlan', setup.childPlan === null ? null : planToJson(setup.childPlan));
  if (setup.description !== '') fields.set('description', setup.description);
  if (setup.inputSchema !== null) fields.set('inputSchema', setup.inputSchema);
  fields.set(KIND_KEY, JAVA_INTERNAL_PROVIDER_KIND);
  return inSourceOrder(provider, fields);
};
