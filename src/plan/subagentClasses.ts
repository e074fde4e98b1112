import { ResourceType } from '../resources/resourceType.js';
import { FunctionSubagentSetup } from '../setups/functionSubagentSetup.js';
import { HttpSubagentSetup } from '../setups/httpSubagentSetup.js';
import { SubagentSetup } from '../subagent/subagentSetup.js';
import type { ClassEntry, ClassRegistry } from './classRegistry.js';
import { InternalSubagentSetup } from './internalSubagentSetup.js';
import type { JsonNode } from './jsonNode.js';
import { readFunction } from './readFunction.js';
import { readPlanNode } from './readPlan.js';

const readSetupFields = (node: JsonNode, extra: readonly string[] = []) => {
  const object = node.asObject().allowOnly(['description', 'input_schema', ...extra]);
  const description = object.required('description').asString();
  const schema = object.required('input_schema');
  return { object, options: { description, inputSchema: schema.isNull ? null : schema.asString() } };
};

const restoreSetup = (node: JsonNode): SubagentSetup => new SubagentSetup(readSetupFields(node).options);

const restoreHttp = (node: JsonNode): HttpSubagentSetup => {
  const { object, options } = readSetupFields(node, ['endpoint', 'timeout_s']);
  return new HttpSubagentSetup({ ...options, endpoint: object.required('endpoint').asString(), timeoutMs: object.required('timeout_s').asNumber() * 1000 });
};

// Named only: reading a plan never loads the function it names.
const restoreFunction = (node: JsonNode): FunctionSubagentSetup => {
  const { object, options } = readSetupFields(node, ['func']);
  return new FunctionSubagentSetup({ ...options, run: readFunction(object.required('func')) });
};

const restoreInternal = (node: JsonNode, registry: ClassRegistry): InternalSubagentSetup => {
  const { object, options } = readSetupFields(node, ['child_plan', 'scope']);
  const plan = readPlanNode(object.required('child_plan'), { registry, language: 'typescript' });
  return new InternalSubagentSetup(options, plan, object.required('scope').asString());
};

/** Sub-agent setups as plans name them; the input and result types never travel in a plan. */
export const subagentClasses: readonly ClassEntry[] = [
  { module: 'agentparity/plan', clazz: 'InternalSubagentSetup', type: ResourceType.AGENT, cls: InternalSubagentSetup, restore: restoreInternal },
  { module: 'agentparity/subagent', clazz: 'SubagentSetup', type: ResourceType.AGENT, cls: SubagentSetup, restore: restoreSetup },
  { module: 'agentparity/subagent', clazz: 'HttpSubagentSetup', type: ResourceType.AGENT, cls: HttpSubagentSetup, restore: restoreHttp },
  { module: 'agentparity/subagent', clazz: 'FunctionSubagentSetup', type: ResourceType.AGENT, cls: FunctionSubagentSetup, restore: restoreFunction },
];
