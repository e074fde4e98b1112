import type { PyJson, PyJsonObject } from '../../json/pyJson.js';
import { DeclarationError } from '../../errors.js';
import { objectEntries } from '../../json/pyJson.js';
import type { Declaration } from '../../types/declaration.js';
import { checkKnownKeys, childPath, expectObject, expectString, treeGet } from '../../types/declarationTree.js';
import { readDeclaration } from '../../types/readDeclaration.js';
import { items, readAction, readAgentAction, readDescriptor, readName, readPrompt, readSkills, readSubagent, readTool } from './readSpecs.js';
import { DESCRIPTOR_LISTS, type AgentSpec, type AgentsDocument, type DescriptorSpec, type ResourceSpecs } from './specs.js';

const RESOURCE_KEYS = ['prompts', 'tools', 'skills', 'actions', ...DESCRIPTOR_LISTS.map(([attr]) => attr), 'subagents'];
const DOCUMENT_KEYS = ['agents', ...RESOURCE_KEYS, 'types', 'config'];
const AGENT_KEYS = ['name', 'description', ...RESOURCE_KEYS];

const readResources = (node: PyJsonObject, path: string, agentLevel: boolean): ResourceSpecs => {
  const prompts = items(node, 'prompts', path, readPrompt);
  const tools = items(node, 'tools', path, readTool);
  const skills = items(node, 'skills', path, readSkills);
  const actions = items(node, 'actions', path, agentLevel ? readAgentAction : readAction);
  const descriptors = new Map<string, DescriptorSpec[]>();
  for (const [attr, type] of DESCRIPTOR_LISTS) descriptors.set(attr, items(node, attr, path, (tree, itemPath) => readDescriptor(tree, itemPath, type)));
  const subagents = items(node, 'subagents', path, readSubagent);
  return { prompts, tools, skills, actions, descriptors, subagents };
};

const readAgent = (tree: PyJson, path: string): AgentSpec => {
  const node = expectObject(tree, path);
  checkKnownKeys(node, AGENT_KEYS, path);
  const name = readName(node, path);
  const description = treeGet(node, 'description');
  if (description !== undefined && description !== null) expectString(description, childPath(path, 'description'));
  return { name, resources: readResources(node, path, true), path };
};

const readTypes = (tree: PyJson, path: string): Declaration => {
  try {
    return readDeclaration(tree);
  } catch (error) {
    if (!(error instanceof DeclarationError)) throw error;
    // The declaration reader reports paths from its own root; put them under `types`.
    throw new DeclarationError(error.message, { path: `${path}${(error.path ?? '$').slice(1)}`, code: error.code, cause: error });
  }
};

/**
 * Checks a YAML agents document: the upstream format (docs/yaml-schema.json) with `subagents:`,
 * a `types:` block and a `config:` mapping (the plan configuration, e.g.
 * `subagent.general-purpose: true`). The first problem, in walk order, is a `DeclarationError` at
 * its path.
 */
export const readAgentsDocument = (tree: PyJson | undefined, source: string): AgentsDocument => {
  if (tree === null || tree === undefined) throw new DeclarationError(`YAML file ${source} is empty`, { code: 'YAML_EMPTY', path: '$' });
  const node = expectObject(tree, '$');
  checkKnownKeys(node, DOCUMENT_KEYS, '$');
  const agents = items(node, 'agents', '$', readAgent);
  const shared = readResources(node, '$', false);
  const types = treeGet(node, 'types');
  const readTypesBlock = types === undefined ? null : readTypes(types, '$.types');
  const config = treeGet(node, 'config');
  return { source, agents, shared, types: readTypesBlock, config: config === undefined ? null : new Map(objectEntries(expectObject(config, '$.config'))) };
};
