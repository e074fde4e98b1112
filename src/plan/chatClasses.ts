import { ChatModelSetup } from '../chat/chatModelSetup.js';
import { OpenAiConnection } from '../chat/openAiConnection.js';
import { ScriptedConnection, type ScriptedTurn } from '../chat/scriptedConnection.js';
import { ResourceType } from '../resources/resourceType.js';
import type { ClassEntry } from './classRegistry.js';
import type { JsonNode } from './jsonNode.js';

const readChatModelSetup = (node: JsonNode): ChatModelSetup => {
  const object = node.asObject().allowOnly(['connection', 'model', 'tools', 'subagents', 'skills']);
  return new ChatModelSetup({
    connection: object.required('connection').asString(),
    model: object.required('model').asString(),
    // The lists may be left out, as pydantic fills in the Python setup's defaults.
    tools: object.optional('tools')?.asStringArray() ?? [],
    subagents: object.optional('subagents')?.asStringArray() ?? [],
    skills: (object.optional('skills')?.asArray() ?? []).map((item) => {
      const skill = item.asObject().allowOnly(['name', 'description']);
      return { name: skill.required('name').asString(), description: skill.required('description').asString() };
    }),
  });
};

const readTurn = (node: JsonNode): ScriptedTurn => {
  const object = node.asObject().allowOnly(['content', 'tool_calls']);
  return {
    content: object.required('content').asString(),
    toolCalls: object.required('tool_calls').asArray().map((item) => {
      const call = item.asObject().allowOnly(['id', 'name', 'arguments']);
      return { id: call.required('id').asString(), name: call.required('name').asString(), arguments: call.required('arguments').value };
    }),
  };
};

const readScriptedConnection = (node: JsonNode): ScriptedConnection =>
  new ScriptedConnection(node.asObject().allowOnly(['turns']).required('turns').asArray().map(readTurn));

/** Chat-model setups and connections as plans name them; an OpenAI connection only by descriptor, so that no key is written into a plan. */
export const chatClasses: readonly ClassEntry[] = [
  { module: 'agentparity/chat', clazz: 'ChatModelSetup', type: ResourceType.CHAT_MODEL, cls: ChatModelSetup, restore: readChatModelSetup },
  { module: 'agentparity/chat', clazz: 'ScriptedConnection', type: ResourceType.CHAT_MODEL_CONNECTION, cls: ScriptedConnection, restore: readScriptedConnection },
  {
    module: 'agentparity/chat',
    clazz: 'OpenAiConnection',
    type: ResourceType.CHAT_MODEL_CONNECTION,
    cls: OpenAiConnection,
    create: (args, name) => OpenAiConnection.fromArguments(args, name),
  },
];
