import { describe, expect, it } from 'vitest';
import { ChatMessage } from '../../../src/chat/chatMessage.js';
import { ChatModelSetup } from '../../../src/chat/chatModelSetup.js';
import { ScriptedConnection } from '../../../src/chat/scriptedConnection.js';
import { SubagentTool } from '../../../src/chat/subagentTool.js';
import { toOpenAiTool } from '../../../src/chat/toOpenAiTool.js';
import { TypeScriptFunction } from '../../../src/functions/functionDescriptor.js';
import { Agent } from '../../../src/plan/agent.js';
import { ResourceType } from '../../../src/resources/resourceType.js';
import { defaultRegistry } from '../../../src/plan/defaultRegistry.js';
import { AgentResources } from '../../../src/runner/agentResources.js';
import { SubagentSetup } from '../../../src/subagent/subagentSetup.js';
import { FunctionTool } from '../../../src/tools/functionTool.js';
import { obj } from '../../helpers/tree.js';

const world = () => {
  const connection = new ScriptedConnection([{ content: 'hi' }]);
  const lookup = FunctionTool.fromCallable(new TypeScriptFunction('test/src/chat', 'lookup', () => 'x'), { description: 'Looks up.', argsSchema: obj({ type: 'object' }) });
  const agent = new Agent()
    .addResource('conn', ResourceType.CHAT_MODEL_CONNECTION, connection)
    .addResource('lookup', ResourceType.TOOL, lookup)
    .addResource('reviewer', ResourceType.AGENT, new SubagentSetup({ description: 'Reviews a file.', inputSchema: '{"type":"object","properties":{"path":{"type":"string"}}}' }));
  const resources = AgentResources.ofAgent(agent, defaultRegistry);
  return { connection, resources, resolve: resources.get.bind(resources) };
};

describe('chat/chatModelSetup', () => {
  it('puts the callables after the tools and passes them as OpenAI function tools', async () => {
    const { connection, resolve } = world();
    const setup = new ChatModelSetup({ connection: 'conn', model: 'gpt', tools: ['lookup'], subagents: ['reviewer'] });
    setup.open(resolve);
    const [tool, delegation] = setup.callables;
    expect(tool).toBeInstanceOf(FunctionTool);
    expect(delegation).toBeInstanceOf(SubagentTool);
    expect(await setup.chat([new ChatMessage('user', 'go')])).toEqual(new ChatMessage('assistant', 'hi'));
    expect(connection.requests[0]?.model).toBe('gpt');
    expect(connection.requests[0]?.tools[1]).toEqual(
      obj({ type: 'function', function: { name: '_subagent_reviewer', description: 'Reviews a file. This is subagent.', parameters: { type: 'object', properties: { path: { type: 'string' } } } } }),
    );
  });

  it('refuses to chat before open()', async () => {
    await expect(new ChatModelSetup({ connection: 'conn', model: 'gpt' }).chat([])).rejects.toThrow('call open() first');
  });

  it('keeps the previous callables when a re-open fails', () => {
    const { resolve } = world();
    const setup = new ChatModelSetup({ connection: 'conn', model: 'gpt', subagents: ['reviewer'] });
    setup.open(resolve);
    expect(() => setup.open(() => { throw new Error('gone'); })).toThrow('gone');
    expect(setup.callables).toHaveLength(1);
  });

  it('makes the sub-agent callable metadata only', () => {
    const callable = SubagentTool.of('reviewer', '', '{"type": "object"}');
    expect(() => callable.call()).toThrow('SubagentTool is metadata-only; resolve the AGENT resource at execution time.');
    expect(callable.description).toBe('Delegate a standalone task to sub-agent reviewer This is subagent.');
  });

  it('counts a description in code points, as Python does', () => {
    const astral = '😀'.repeat(1024);
    expect(() => toOpenAiTool({ name: 'x', description: astral, parameters: null })).not.toThrow();
    expect(() => toOpenAiTool({ name: 'x', description: `${astral}!`, parameters: null })).toThrow('is 1025 characters long');
  });
});
