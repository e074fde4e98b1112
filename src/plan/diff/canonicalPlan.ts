import { parsePyJson } from '../../json/parsePyJson.js';
import type { PyJson } from '../../json/pyJson.js';
import type { AgentPlan } from '../agentPlan.js';
import { childPointer } from '../../json/jsonPointer.js';
import type { InternalSubagentSetup } from '../internalSubagentSetup.js';
import { DescriptorProvider, JAVA_INTERNAL_PROVIDER_KIND, OpaqueResource, type ResourceProvider } from '../resourceProvider.js';
import { serializeResource } from '../writePlan.js';
import { classKey, functionKey, functionNameOf, indexIdentities, type IdentityMapping } from './identities.js';
import { triggerKey } from './triggerConditions.js';

/** A function or class as compared: its name in the mapping when it has one, else as written. */
export interface Identity {
  readonly key: string;
  /** As the plan writes it, for messages. */
  readonly text: string;
}

export interface CanonicalAction {
  readonly pointer: string;
  readonly exec: Identity;
  readonly triggers: ReadonlySet<string>;
  readonly config: PyJson;
}

export interface CanonicalProvider {
  readonly pointer: string;
  readonly form: 'descriptor' | 'serializable';
  readonly identity: Identity;
  /** The descriptor's arguments, or the serialized resource (Java's string parsed). */
  readonly data: PyJson;
  readonly dataPointer: string;
  /** The keys of an internal setup's child plan and input schema where the provider writes them (Java: camelCase, beside the name). */
  readonly setupKeys: { readonly childPlan: string; readonly inputSchema: string };
}

const PYTHON_SETUP_KEYS = { childPlan: 'child_plan', inputSchema: 'input_schema' } as const;
const JAVA_SETUP_KEYS = { childPlan: 'childPlan', inputSchema: 'inputSchema' } as const;

/** A plan reduced to what it means: the language-neutral parts, and identities through the mapping. */
export interface CanonicalPlan {
  readonly agentName: PyJson;
  readonly actions: ReadonlyMap<string, CanonicalAction>;
  readonly providers: ReadonlyMap<string, ReadonlyMap<string, CanonicalProvider>>;
  readonly confData: PyJson;
}

const provider = (p: ResourceProvider, pointer: string, classes: ReadonlyMap<string, string>): CanonicalProvider => {
  if (p instanceof DescriptorProvider) {
    const { descriptor } = p;
    const key = classKey({ language: p.language, module: descriptor.targetModule, clazz: descriptor.targetClazz });
    const dataPointer = p.layout === 'kwargs' ? childPointer(pointer, 'kwargs') : `${childPointer(pointer, 'descriptor')}/arguments`;
    return { pointer, form: 'descriptor', identity: { key: classes.get(key) ?? key, text: `${p.kind} ${key}` }, data: descriptor.args, dataPointer, setupKeys: PYTHON_SETUP_KEYS };
  }
  const key = classKey({ language: p.language, module: p.module, clazz: p.clazz });
  if (p.layout === 'java-internal') {
    // Compared as the Python layout's serialized map, pointed to where Java writes each field.
    const data = serializeResource(p.resource as InternalSubagentSetup);
    return { pointer, form: 'serializable', identity: { key: classes.get(key) ?? key, text: `${JAVA_INTERNAL_PROVIDER_KIND} ${key}` }, data, dataPointer: pointer, setupKeys: JAVA_SETUP_KEYS };
  }
  const raw = p.resource instanceof OpaqueResource ? p.resource.data : serializeResource(p.resource);
  let data = raw;
  if (typeof raw === 'string') {
    try {
      data = parsePyJson(raw);
    } catch {
      data = raw;
    }
  }
  const dataPointer = childPointer(pointer, p.serializedKey) + (typeof raw === 'string' ? '#' : '');
  return { pointer, form: 'serializable', identity: { key: classes.get(key) ?? key, text: `${p.kind} ${key}` }, data, dataPointer, setupKeys: PYTHON_SETUP_KEYS };
};

export const canonicalPlan = (plan: AgentPlan, mapping: IdentityMapping): CanonicalPlan => {
  const index = indexIdentities(mapping);
  const actions = new Map<string, CanonicalAction>();
  for (const [name, action] of plan.actions) {
    const key = functionKey(functionNameOf(action.exec));
    actions.set(name, {
      pointer: childPointer('/actions', name),
      exec: { key: index.functions.get(key) ?? key, text: key },
      triggers: new Set(action.triggerConditions.map(triggerKey)),
      config: action.config ?? null,
    });
  }
  const providers = new Map<string, Map<string, CanonicalProvider>>();
  for (const [type, group] of plan.resourceProviders ?? []) {
    const byName = new Map<string, CanonicalProvider>();
    for (const [name, p] of group) byName.set(name, provider(p, childPointer(childPointer('/resource_providers', type), name), index.classes));
    providers.set(type, byName);
  }
  return { agentName: plan.agentName ?? null, actions, providers, confData: plan.config?.confData ?? new Map() };
};
