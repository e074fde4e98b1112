import { isMessageRole } from '../chat/chatMessage.js';
import type { PyJson } from '../json/pyJson.js';
import { Prompt } from '../resources/prompt.js';
import { ResourceType } from '../resources/resourceType.js';
import { Skills } from '../resources/skills.js';
import { FunctionTool } from '../tools/functionTool.js';
import { ToolMetadata } from '../tools/toolMetadata.js';
import type { ClassEntry } from './classRegistry.js';
import type { JsonNode } from './jsonNode.js';
import { readFunction } from './readFunction.js';
import { quote } from '../types/declarationTree.js';

export const readToolMetadata = (node: JsonNode): ToolMetadata => {
  const object = node.asObject().allowOnly(['name', 'description', 'args_schema']);
  return new ToolMetadata(
    object.required('name').asString(),
    object.required('description').asString(),
    object.required('args_schema').asObject().entries as PyJson,
  );
};

const readFunctionTool = (node: JsonNode): FunctionTool => {
  const object = node.asObject().allowOnly(['name', 'metadata', 'func', 'injected_args']);
  const name = object.required('name').asString();
  const metadata = object.required('metadata');
  const func = readFunction(object.required('func'));
  const injected = object.optional('injected_args');
  const injectedArgs = new Map<string, PyJson>(injected?.asObject().members().map(([arg, value]) => [arg, value.asObject().entries]) ?? []);
  return new FunctionTool(name, func, metadata.isNull ? null : readToolMetadata(metadata), injectedArgs);
};

const readPrompt = (node: JsonNode): Prompt => {
  const object = node.asObject().allowOnly(['text', 'messages']);
  const text = object.required('text');
  const messages = object.required('messages');
  if (text.isNull === messages.isNull) node.fail('PLAN_PROMPT_TEXT_OR_MESSAGES', "a prompt has exactly one of 'text' and 'messages'");
  if (!text.isNull) return Prompt.fromText(text.asString());
  return Prompt.fromMessages(
    messages.asArray().map((item) => {
      const message = item.asObject().allowOnly(['role', 'content']);
      const roleNode = message.required('role');
      const role = roleNode.asString();
      if (!isMessageRole(role)) return roleNode.fail('PLAN_MESSAGE_ROLE_UNKNOWN', `unknown message role ${quote(role)}`);
      return { role, content: message.required('content').asString() };
    }),
  );
};

const readSkills = (node: JsonNode): Skills => {
  const object = node.asObject().allowOnly(['paths', 'urls', 'classpath', 'package']);
  return new Skills({
    paths: object.required('paths').asStringArray(),
    urls: object.required('urls').asStringArray(),
    classpath: object.required('classpath').asStringArray(),
    package: object.required('package').asArray().map((item) => {
      const entry = item.asObject().allowOnly(['package', 'resource']);
      return { package: entry.required('package').asString(), resource: entry.required('resource').asString() };
    }),
  });
};

/** The plain resources of the TypeScript runtime, as plans name them. */
export const coreClasses: readonly ClassEntry[] = [
  { module: 'agentparity/tools', clazz: 'FunctionTool', type: ResourceType.TOOL, cls: FunctionTool, restore: readFunctionTool },
  { module: 'agentparity/resources', clazz: 'Prompt', type: ResourceType.PROMPT, cls: Prompt, restore: readPrompt },
  { module: 'agentparity/resources', clazz: 'Skills', type: ResourceType.SKILLS, cls: Skills, restore: readSkills },
];
