import { describe, expect, it } from 'vitest';
import { PythonFunction, TypeScriptFunction } from '../../../src/functions/functionDescriptor.js';
import { McpTool } from '../../../src/mcp/mcpTool.js';
import { Agent } from '../../../src/plan/agent.js';
import { buildPlan } from '../../../src/plan/buildPlan.js';
import { defaultRegistry } from '../../../src/plan/defaultRegistry.js';
import { readPlan } from '../../../src/plan/readPlan.js';
import { SerializableProvider } from '../../../src/plan/resourceProvider.js';
import { writePlan } from '../../../src/plan/writePlan.js';
import { Prompt } from '../../../src/resources/prompt.js';
import { ResourceDescriptor } from '../../../src/resources/resourceDescriptor.js';
import { ResourceType } from '../../../src/resources/resourceType.js';
import { FunctionTool } from '../../../src/tools/functionTool.js';
import { SubagentSetup, type SubagentSetupJson, type SubagentSetupOptions } from '../../../src/subagent/subagentSetup.js';
import type { ClassEntry } from '../../../src/plan/classRegistry.js';
import { AgentResources } from '../../../src/runner/agentResources.js';
import { MemoryStore } from '../../../src/runtime/memoryStore.js';
import { ActionContext, SessionIds } from '../../../src/runtime/runnerContext.js';
import { FunctionSubagentSetup } from '../../../src/setups/functionSubagentSetup.js';
import { mcpServerDescriptor } from './mcpServerFixture.js';
import { failureOf } from '../../helpers/failureOf.js';

const RESERVED = (name: string) =>
  `Tool name '${name}' must not start with the reserved prefix '_subagent_', which identifies sub-agent callables.`;

const handler = new TypeScriptFunction('./handlers.js', 'onInput');

describe('plan/buildPlan', () => {
  it('lists the agent actions, then the three built-in actions', async () => {
    const agent = new Agent('Greeter').addAction('greet', ['_input_event'], handler);
    const plan = await buildPlan(agent);
    expect([...plan.actions.keys()]).toEqual(['greet', 'chat_model_action', 'tool_call_action', 'context_retrieval_action']);
    expect(plan.actions.get('tool_call_action')!.triggerConditions).toEqual(['_tool_request_event']);
    expect(plan.actions.get('chat_model_action')!.triggerConditions).toEqual(['_chat_request_event', '_tool_response_event']);
    expect(plan.agentName).toBe('Greeter');
  });

  it('refuses an action that takes a built-in action name', async () => {
    const agent = new Agent().addAction('tool_call_action', ['_input_event'], handler);
    expect(await failureOf(buildPlan(agent))).toEqual({ kind: 'RuntimeError', message: 'Duplicate action name: tool_call_action', path: undefined });
  });

  it('refuses a repeated name within one resource type, and allows it across types', () => {
    const agent = new Agent().addResource('reviewer', ResourceType.TOOL, new FunctionTool('reviewer', handler));
    expect(() => agent.addResource('reviewer', ResourceType.TOOL, new FunctionTool('reviewer', handler))).toThrow('tool reviewer already defined');
    expect(() => agent.addResource('reviewer', ResourceType.AGENT, new ResourceDescriptor('m', 'Setup'))).not.toThrow();
  });

  it('refuses an added tool under the reserved prefix', async () => {
    const agent = new Agent().addResource('_subagent_helper', ResourceType.TOOL, new FunctionTool('_subagent_helper', handler));
    expect(await failureOf(buildPlan(agent))).toMatchObject({ kind: 'ValueError', message: RESERVED('_subagent_helper') });
  });

  it('refuses a tool a subclass declares under the reserved prefix', async () => {
    class Declaring extends Agent {
      static override readonly declarations = { tools: { _subagent_lookup: new FunctionTool('_subagent_lookup', handler) } };
    }
    expect(await failureOf(buildPlan(new Declaring()))).toMatchObject({ kind: 'ValueError', message: RESERVED('_subagent_lookup') });
  });

  it('accepts a tool whose name only contains the prefix further in', async () => {
    const agent = new Agent().addResource('lookup_subagent_x', ResourceType.TOOL, new FunctionTool('lookup_subagent_x', handler));
    expect((await buildPlan(agent)).provider('tool', 'lookup_subagent_x')).toBeInstanceOf(SerializableProvider);
  });

  it('makes an AGENT descriptor a descriptor provider, and refuses any other AGENT value in the upstream words', async () => {
    const ok = await buildPlan(new Agent().addResource('summarizer', ResourceType.AGENT, ResourceDescriptor.fromClassPath('com.example.HttpSubagentSetup', new Map([['endpoint', 'http://s']]), 'python')));
    expect(ok.provider('agent', 'summarizer')).toMatchObject({ kind: 'PythonResourceProvider', type: 'agent' });
    const bad = new Agent().addResource('reviewer', ResourceType.AGENT, Prompt.fromText('review {x}'));
    expect(await failureOf(buildPlan(bad))).toMatchObject({
      kind: 'TypeError',
      message: "AGENT resource 'reviewer' must be a SubagentSetup, a ResourceDescriptor, or an Agent, but got Prompt.",
    });
    expect(await failureOf(buildPlan(new Agent().addResource('n', ResourceType.AGENT, 42)))).toMatchObject({
      message: "AGENT resource 'n' must be a SubagentSetup, a ResourceDescriptor, or an Agent, but got int.",
    });
  });

  it('reports a construction error at the place the resource was declared', async () => {
    const agent = new Agent().addResource('_subagent_x', ResourceType.TOOL, new FunctionTool('_subagent_x', handler), { site: '$.agents[0].tools[0]' });
    expect(await failureOf(buildPlan(agent))).toEqual({ kind: 'ValueError', message: RESERVED('_subagent_x'), path: '$.agents[0].tools[0]' });
  });

  it('writes a plan that reads back and writes identically', async () => {
    const agent = new Agent('A')
      .addAction('a', ['_input_event', 'attributes.ready == true'], new PythonFunction('pkg.mod', 'act'), new Map([['retries', 2]]))
      .addResource('notify', ResourceType.TOOL, new FunctionTool('notify', new PythonFunction('pkg.tools', 'notify')))
      .addResource('greeting', ResourceType.PROMPT, Prompt.fromMessages([{ role: 'system', content: 'be brief' }]))
      .addResource('conn', ResourceType.CHAT_MODEL_CONNECTION, ResourceDescriptor.fromClassPath('pkg.Conn', new Map([['base_url', 'http://x']]), 'python'));
    const text = writePlan(await buildPlan(agent));
    expect(writePlan(readPlan(text, { registry: defaultRegistry }))).toBe(text);
  });

  describe('MCP discovery against a real stdio server', () => {
    it('files each advertised tool and prompt as a resource, across pages', async () => {
      const server = mcpServerDescriptor({
        tools: [{ name: 'search', description: 'Search docs', inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } }, { name: 'fetch' }],
        prompts: [{ name: 'summarize', title: 'Summarize', arguments: [{ name: 'text', required: true }] }],
        pageSize: 1,
      });
      const plan = await buildPlan(new Agent().addResource('docs', ResourceType.MCP_SERVER, server));
      expect([...plan.resourceProviders!.get('tool')!.keys()]).toEqual(['search', 'fetch']);
      const search = (plan.provider('tool', 'search') as SerializableProvider).resource as McpTool;
      expect(search.mcpServerName).toBe('docs');
      expect(search.metadata.description).toBe('Search docs');
      expect(plan.provider('prompt', 'summarize')).toMatchObject({ clazz: 'McpPrompt' });
      expect(plan.provider('mcp_server', 'docs')).toMatchObject({ kind: 'TypeScriptResourceProvider' });
    });

    it('fails plan construction when the server advertises _subagent_lookup, naming the server', async () => {
      const server = mcpServerDescriptor({ tools: [{ name: 'search' }, { name: '_subagent_lookup' }] });
      const agent = new Agent().addResource('docs', ResourceType.MCP_SERVER, server);
      expect(await failureOf(buildPlan(agent))).toMatchObject({
        kind: 'ValueError',
        message: `MCP server 'docs' advertised a tool with a reserved name: ${RESERVED('_subagent_lookup')}`,
      });
    });

    it('reaches a server the Python reference names, through the same protocol', async () => {
      const server = mcpServerDescriptor({ tools: [{ name: 'search' }] }, 'python');
      const plan = await buildPlan(new Agent().addResource('docs', ResourceType.MCP_SERVER, server));
      expect(plan.provider('mcp_server', 'docs')).toMatchObject({ kind: 'PythonResourceProvider' });
      expect(plan.provider('tool', 'search')).toMatchObject({ kind: 'TypeScriptSerializableResourceProvider', clazz: 'McpTool' });
    });

    it('reports a server that cannot be started', async () => {
      const server = new ResourceDescriptor('agentparity/mcp', 'StdioMcpServer', new Map([['command', '/nonexistent/mcp-server']]));
      const error = await failureOf(buildPlan(new Agent().addResource('gone', ResourceType.MCP_SERVER, server)));
      expect(error.kind).toBe('RuntimeError');
      expect(error.message).toMatch(/^MCP server 'gone' could not be queried: /);
    });
  });
});

/** An external sub-agent with state of its own (reference §6.8). */
class HttpSubagentSetup extends SubagentSetup {
  constructor(
    options: SubagentSetupOptions,
    readonly endpointUrl: string,
    readonly failOnCall = false,
  ) {
    super(options);
  }

  override toJSON(): SubagentSetupJson & { endpoint_url: string; fail_on_call: boolean } {
    return { ...super.toJSON(), endpoint_url: this.endpointUrl, fail_on_call: this.failOnCall };
  }
}

const httpSetupEntry: ClassEntry = {
  module: 'test/src/plan',
  clazz: 'HttpSubagentSetup',
  type: ResourceType.AGENT,
  cls: HttpSubagentSetup,
  restore: (node) => {
    const object = node.asObject().allowOnly(['description', 'input_schema', 'endpoint_url', 'fail_on_call']);
    const schema = object.required('input_schema');
    return new HttpSubagentSetup(
      { description: object.required('description').asString(), inputSchema: schema.isNull ? null : schema.asString() },
      object.required('endpoint_url').asString(),
      object.required('fail_on_call').asBoolean(),
    );
  },
};

describe('plan/buildPlan sub-agent setups', () => {
  it('compiles a setup into a serializable AGENT provider', async () => {
    const setup = new SubagentSetup({ description: 'Reviews a file.', inputSchema: '{"type": "object"}' });
    const provider = (await buildPlan(new Agent().addResource('reviewer', ResourceType.AGENT, setup))).provider('agent', 'reviewer');
    expect(provider).toMatchObject({ kind: 'TypeScriptSerializableResourceProvider', module: 'agentparity/subagent', clazz: 'SubagentSetup' });
    expect(((provider as SerializableProvider).resource as SubagentSetup).toJSON()).toEqual({ description: 'Reviews a file.', input_schema: '{"type": "object"}' });
  });

  it('names a setup class of your own only once it is registered', async () => {
    const agent = new Agent().addResource('remote', ResourceType.AGENT, new HttpSubagentSetup({}, 'http://agent:8080'));
    expect(await failureOf(buildPlan(agent))).toMatchObject({ kind: 'TypeError', message: 'HttpSubagentSetup is not in the class registry, so a plan cannot name it' });
  });

  it('rebuilds a live external sub-agent after a plan JSON round trip', async () => {
    const registry = defaultRegistry.extend([httpSetupEntry]);
    const setup = new HttpSubagentSetup({ description: 'Calls a remote agent.', inputSchema: '{"type": "object"}' }, 'http://agent:8080', true);
    const text = writePlan(await buildPlan(new Agent().addResource('remote', ResourceType.AGENT, setup), { registry }));
    const restored = (readPlan(text, { registry }).provider('agent', 'remote') as SerializableProvider).resource;
    expect(restored).toBeInstanceOf(HttpSubagentSetup);
    expect([(restored as HttpSubagentSetup).endpointUrl, (restored as HttpSubagentSetup).failOnCall]).toEqual(['http://agent:8080', true]);
    expect(() => readPlan(text, { registry: defaultRegistry })).toThrow('unknown class "test/src/plan.HttpSubagentSetup"');
  });
});

describe('plan/buildPlan: a function sub-agent', () => {
  const writer = (run: ConstructorParameters<typeof FunctionSubagentSetup>[0]['run']) =>
    new Agent().addResource('writer', ResourceType.AGENT, new FunctionSubagentSetup({ description: 'Writes.', inputSchema: '{"type": "object"}', run }));

  it('is named by its function, as a function tool is, and read back named only', async () => {
    const text = writePlan(await buildPlan(writer(new TypeScriptFunction('./replies.js', 'write', () => 'hello'))));
    expect(text).toContain(
      '"writer": {"name": "writer", "type": "agent", "module": "agentparity/subagent", "clazz": "FunctionSubagentSetup", ' +
        '"serialized": {"description": "Writes.", "input_schema": "{\\"type\\": \\"object\\"}", "func": {"func_type": "TypeScriptFunction", "module": "./replies.js", "qualname": "write"}}, ' +
        '"__resource_provider_type__": "TypeScriptSerializableResourceProvider"}',
    );
    const restored = (readPlan(text, { registry: defaultRegistry }).provider('agent', 'writer') as SerializableProvider).resource as FunctionSubagentSetup;
    expect(restored).toBeInstanceOf(FunctionSubagentSetup);
    expect(restored.func).toEqual(new TypeScriptFunction('./replies.js', 'write'));
    expect(writePlan(readPlan(text, { registry: defaultRegistry }))).toBe(text);
    const ctx = new ActionContext({ resources: AgentResources.ofAgent(new Agent(), defaultRegistry), store: new MemoryStore(), scope: 's', sessions: new SessionIds('k'), emit: () => {} });
    const result = await restored.submit(ctx, 'go').wait();
    expect(result.errorMessage).toBe('NotImplementedError: Sub-agent runs ./replies.js:write, which has no implementation in this process.');
  });

  it('with a bare function runs, but cannot be put in a plan, and says how to name it', async () => {
    const plan = await buildPlan(writer(() => 'hello'));
    expect(() => writePlan(plan)).toThrow(
      'A FunctionSubagentSetup whose run is a bare function cannot be put in a plan: give run as new TypeScriptFunction(module, qualname, fn).',
    );
  });
});
