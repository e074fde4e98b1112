import { describe, expect, it } from 'vitest';
import * as api from '../../../src/index.js';

describe('index (the package barrel): plans', () => {
  it('exports the plan API by name', async () => {
    for (const name of [
      'Agent', 'buildPlan', 'readPlan', 'writePlan', 'diffPlans', 'ClassRegistry', 'defaultRegistry', 'ResourceType', 'ResourceDescriptor',
      'FunctionTool', 'ToolMetadata', 'PythonFunction', 'JavaFunction', 'TypeScriptFunction', 'YamlPlanBuilder', 'buildYamlPlan', 'loadAgentsDocument',
    ]) {
      expect(api, name).toHaveProperty(name);
    }
    const plan = await api.buildPlan(new api.Agent('A'));
    expect(api.diffPlans(plan, api.readPlan(api.writePlan(plan), { registry: api.defaultRegistry })).differences).toEqual([]);
  });

  it('exports one agent model: no second agent, action, resource registry, message role or callable tool', () => {
    for (const name of ['LocalRunner', 'AgentResources', 'ASK_CHAT_MODEL', 'REPLY_WITH_CHAT_RESPONSE', 'MESSAGE_ROLES', 'isCallableTool', 'EVENT_TYPES']) {
      expect(api, name).toHaveProperty(name);
    }
    for (const name of ['RuntimeAgent', 'RuntimeAction', 'ChatMessageRole', 'LocalTool', 'Resources', 'ResourceTypeName']) {
      expect(api, name).not.toHaveProperty(name);
    }
  });

  it('runs an agent declared through the barrel, and the plan built from it', async () => {
    const agent = new api.Agent('Echo')
      .addResource('scripted', api.ResourceType.CHAT_MODEL_CONNECTION, new api.ScriptedConnection([{ content: 'echo' }, { content: 'echo' }]))
      .addResource('assistant', api.ResourceType.CHAT_MODEL, new api.ChatModelSetup({ connection: 'scripted', model: 'm' }))
      .addAction('ask_chat_model', [api.EVENT_TYPES.input], api.ASK_CHAT_MODEL, new Map([['chat_model', 'assistant']]))
      .addAction('reply_with_chat_response', [api.EVENT_TYPES.chatResponse], api.REPLY_WITH_CHAT_RESPONSE);
    const plan = await api.buildPlan(agent);
    for (const source of [agent, plan]) {
      const [run] = await new api.LocalRunner(source, { store: new api.MemoryStore() }).run(['hi']);
      expect(run?.outputs).toEqual(['echo']);
    }
  });
});
