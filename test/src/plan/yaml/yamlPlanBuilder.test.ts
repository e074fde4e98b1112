import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { JavaFunction, PythonFunction, TypeScriptFunction } from '../../../../src/functions/functionDescriptor.js';
import { parsePyJson } from '../../../../src/json/parsePyJson.js';
import type { PyJson } from '../../../../src/json/pyJson.js';
import type { DescriptorProvider, SerializableProvider } from '../../../../src/plan/resourceProvider.js';
import { defaultRegistry } from '../../../../src/plan/defaultRegistry.js';
import { InternalSubagentSetup } from '../../../../src/plan/internalSubagentSetup.js';
import { readPlan } from '../../../../src/plan/readPlan.js';
import { writePlan } from '../../../../src/plan/writePlan.js';
import { loadAgentsDocument } from '../../../../src/plan/yaml/loadAgentsDocument.js';
import { readAgentsDocument } from '../../../../src/plan/yaml/readAgentsDocument.js';
import { YamlPlanBuilder } from '../../../../src/plan/yaml/yamlPlanBuilder.js';
import type { FunctionTool } from '../../../../src/tools/functionTool.js';
import type { SubagentSetup } from '../../../../src/subagent/subagentSetup.js';
import { MCP_SERVER_SCRIPT } from '../mcpServerFixture.js';

const EXAMPLES = fileURLToPath(new URL('../../../fixtures/upstream/python/flink_agents/api/yaml/tests/fixtures/', import.meta.url));
const TYPES =
  '{"format": "pydantic-neutral-declaration/1", "models": [{"name": "Review", "fields": [' +
  '{"name": "path", "type": {"type": "str"}, "required": true}, ' +
  '{"name": "lines", "type": {"type": "int"}, "required": false, "default": {"kind": "int", "value": 0}}]}]}';

const tree = (json: string): PyJson => parsePyJson(json);
const builder = (json: string) => YamlPlanBuilder.create(readAgentsDocument(tree(json), 'agents.yaml'));
const planOf = async (json: string, agent?: string) => {
  const b = await builder(json);
  return b.plan(b.select(agent));
};
const refusal = async (json: string, agent?: string) => {
  try {
    await planOf(json, agent);
  } catch (error) {
    const e = error as { kind: string; message: string; path?: string };
    return [e.kind, e.message, e.path];
  }
  throw new Error('the declaration was accepted');
};

describe('plan/yaml/yamlPlanBuilder', () => {
  it.each(readdirSync(EXAMPLES).filter((f) => f.endsWith('.yaml')))('loads the upstream example %s, and its plans round-trip', async (file) => {
    const b = await YamlPlanBuilder.create(loadAgentsDocument(`${EXAMPLES}${file}`));
    expect(b.agentNames.length).toBeGreaterThan(0);
    for (const name of b.agentNames) {
      const text = writePlan(await b.plan(name));
      expect(writePlan(readPlan(text, { registry: defaultRegistry }))).toBe(text);
    }
  });

  it('resolves event and class aliases as the upstream loader does', async () => {
    const b = await YamlPlanBuilder.create(loadAgentsDocument(`${EXAMPLES}with_descriptors.yaml`));
    const plan = await b.plan('chat_agent');
    expect(plan.actions.get('increment')!.triggerConditions).toEqual(['_input_event']);
    expect(plan.actions.get('decrement')!.triggerConditions).toEqual(['_chat_response_event']);
    const conn = plan.provider('chat_model_connection', 'ollama_conn') as DescriptorProvider;
    expect([conn.kind, conn.descriptor.targetModule, conn.descriptor.targetClazz]).toEqual([
      'PythonResourceProvider',
      'flink_agents.integrations.chat_models.ollama_chat_model',
      'OllamaChatModelConnection',
    ]);
    expect(conn.descriptor.args).toEqual(new Map<string, PyJson>([['base_url', 'http://localhost:11434'], ['request_timeout', 30]]));
  });

  it('puts shared actions after the agent own, and shared resources in every agent', async () => {
    const b = await YamlPlanBuilder.create(loadAgentsDocument(`${EXAMPLES}with_shared.yaml`));
    expect([...(await b.plan('a1')).actions.keys()].slice(0, 2)).toEqual(['own_dec', 'shared_inc']);
    expect((await b.plan('a2')).provider('chat_model_connection', 'shared_conn')).toBeDefined();
  });

  it('names functions in the language the declaration states, Python by default', async () => {
    const plan = await planOf(
      '{"agents": [{"name": "a", "actions": [' +
        '{"name": "py", "function": "pkg.mod:Cls.run", "trigger_conditions": ["input"]}, ' +
        '{"name": "jv", "function": "com.example.Handlers:handle", "type": "java", "trigger_conditions": ["input"]}, ' +
        '{"name": "ts", "function": "./handlers.js:onInput", "type": "typescript", "trigger_conditions": ["input"]}], ' +
        '"tools": [{"name": "add", "function": "com.example.Math:add", "type": "java", "parameter_types": ["int", "int"]}]}]}',
    );
    expect(plan.actions.get('py')!.exec).toEqual(new PythonFunction('pkg.mod', 'Cls.run'));
    expect(plan.actions.get('jv')!.exec).toEqual(
      new JavaFunction('com.example.Handlers', 'handle', ['org.apache.flink.agents.api.Event', 'org.apache.flink.agents.api.context.RunnerContext']),
    );
    expect(plan.actions.get('ts')!.exec).toEqual(new TypeScriptFunction('./handlers.js', 'onInput'));
    expect(((plan.provider('tool', 'add') as SerializableProvider).resource as FunctionTool).func).toEqual(new JavaFunction('com.example.Math', 'add', ['int', 'int']));
  });

  it('takes the plan configuration from the document: subagent.general-purpose registers a ReActAgent on the root\'s chat model', async () => {
    const agents = '"agents": [{"name": "lead", "chat_model_setups": [{"name": "chat", "clazz": "ollama", "connection": "c"}], ' +
      '"subagents": [{"name": "kid", "agent_ref": "kid"}]}, {"name": "kid", "chat_model_setups": [{"name": "own", "clazz": "ollama", "connection": "c"}]}]';
    const on = await planOf(`{"config": {"subagent.general-purpose": true}, ${agents}}`, 'lead');
    expect([...on.config!.confData]).toEqual([['subagent.general-purpose', true]]);
    const setup = (on.provider('agent', 'general-purpose') as SerializableProvider).resource as InternalSubagentSetup;
    expect([setup.scope, setup.childPlan!.agentName, setup.description]).toEqual(['general-purpose', 'ReActAgent', 'A general-purpose agent that completes a delegated task using its tools.']);
    expect(setup.childPlan!.actions.get('start_action')!.config).toEqual(new Map([['chat_model', 'chat']]));
    const kid = (on.provider('agent', 'kid') as SerializableProvider).resource as InternalSubagentSetup;
    expect(kid.childPlan!.resourceProviders!.get('agent')?.has('general-purpose') ?? false).toBe(false);
    expect(kid.childPlan!.config!.confData.get('subagent.general-purpose')).toBe(true);
    expect((await planOf(`{${agents}}`, 'lead')).provider('agent', 'general-purpose')).toBeUndefined();
    expect(await refusal(`{"config": [1], ${agents}}`, 'lead')).toEqual(['ValueError', 'expected an object, got an array', '$.config']);
  });

  it('derives a declared sub-agent schema from the types block, and keeps chat-model subagents as an argument', async () => {
    const plan = await planOf(
      `{"types": ${TYPES}, "agents": [{"name": "root", ` +
        '"chat_model_setups": [{"name": "chat", "clazz": "ollama", "connection": "c", "subagents": ["reviewer"]}], ' +
        '"subagents": [{"name": "reviewer", "description": "Reviews a file.", "input_type": "Review"}]}]}',
    );
    const provider = plan.provider('agent', 'reviewer') as SerializableProvider;
    expect([provider.module, provider.clazz]).toEqual(['agentparity/subagent', 'SubagentSetup']);
    const schema = parsePyJson((provider.resource as SubagentSetup).inputSchema!) as Map<string, PyJson>;
    expect(schema.get('required')).toEqual(['path']);
    expect(writePlan(plan)).toContain('"input_schema": "{\\"properties\\": {\\"path\\": {\\"title\\": \\"Path\\", \\"type\\": \\"string\\"}, \\"lines\\": {\\"default\\": 0, \\"title\\": \\"Lines\\", \\"type\\": \\"integer\\"}}');
    expect((plan.provider('chat_model', 'chat') as DescriptorProvider).descriptor.args.get('subagents')).toEqual(['reviewer']);
  });

  it('lets an explicit schema win, and refuses a blank one where it is written', async () => {
    const explicit = '{\\"type\\": \\"object\\"}';
    const plan = await planOf(`{"types": ${TYPES}, "agents": [{"name": "a", "subagents": [{"name": "s", "input_schema": "${explicit}", "input_type": "Review"}]}]}`);
    expect(((plan.provider('agent', 's') as SerializableProvider).resource as SubagentSetup).inputSchema).toBe('{"type": "object"}');
    expect(await refusal('{"agents": [{"name": "a", "subagents": [{"name": "s", "input_schema": "  "}]}]}')).toEqual([
      'ValueError',
      'Sub-agent input schema must not be blank.',
      '$.agents[0].subagents[0].input_schema',
    ]);
  });

  it('refuses a non-model input type in the upstream words, at the type', async () => {
    expect(await refusal('{"agents": [{"name": "a", "subagents": [{"name": "s", "input_type": {"type": "int"}}]}]}')).toEqual([
      'TypeError',
      "Sub-agent input type <class 'int'> is not supported. Declare a pydantic BaseModel, or declare an input schema explicitly.",
      '$.agents[0].subagents[0].input_type',
    ]);
  });

  it('makes an external sub-agent a descriptor provider', async () => {
    const plan = await planOf(
      '{"agents": [{"name": "a", "subagents": [{"name": "summarizer", "target_module": "com.example", "target_clazz": "HttpSubagentSetup", "arguments": {"endpoint": "http://s:8080"}}]}]}',
    );
    const provider = plan.provider('agent', 'summarizer') as DescriptorProvider;
    expect(provider.kind).toBe('PythonResourceProvider');
    expect(provider.descriptor.toJSON()).toEqual(
      new Map<string, PyJson>([['target_module', 'com.example'], ['target_clazz', 'HttpSubagentSetup'], ['arguments', new Map([['endpoint', 'http://s:8080']])]]),
    );
  });

  it('compiles an internal sub-agent into the plan of the agent it refers to', async () => {
    const plan = await planOf(
      '{"agents": [{"name": "reviewer-agent", "actions": [{"name": "review", "function": "pkg:review", "trigger_conditions": ["input"]}]}, ' +
        '{"name": "root", "subagents": [{"name": "reviewer", "agent_ref": "reviewer-agent", "input_schema": "{}"}]}]}',
      'root',
    );
    const setup = (plan.provider('agent', 'reviewer') as SerializableProvider).resource as InternalSubagentSetup;
    expect(setup).toBeInstanceOf(InternalSubagentSetup);
    expect(setup.childPlan!.agentName).toBe('reviewer-agent');
    expect(setup.childPlan!.actions.has('review')).toBe(true);
    const text = writePlan(plan);
    const restored = readPlan(text, { registry: defaultRegistry });
    expect((restored.provider('agent', 'reviewer') as SerializableProvider).resource).toBeInstanceOf(InternalSubagentSetup);
    expect(writePlan(restored)).toBe(text);
  });

  it.each([
    ['{"agents": [{"name": "a", "subagents": [{"name": "s", "agent_ref": "a"}]}]}', 'Cyclic sub-agent definition detected: a -> a'],
    [
      '{"agents": [{"name": "a", "subagents": [{"name": "s", "agent_ref": "b"}]}, {"name": "b", "subagents": [{"name": "t", "agent_ref": "a"}]}]}',
      'Cyclic sub-agent definition detected: a -> b -> a',
    ],
  ])('refuses a cycle of internal sub-agents: %s', async (json, message) => {
    expect((await refusal(json, 'a')).slice(0, 2)).toEqual(['ValueError', message]);
  });

  it.each([
    ['{"agents": [{"name": "a"}, {"name": "a"}]}', 'ValueError', "Duplicate agent name 'a' in agents.yaml", '$.agents[1]'],
    [
      '{"agents": [{"name": "a", "actions": ["missing"]}]}',
      'ValueError',
      "Agent 'a' references shared action 'missing' in agents.yaml, but no shared action with that name is defined at the file level.",
      '$.agents[0].actions[0]',
    ],
    ['{"tools": [{"name": "t", "function": "m:f"}, {"name": "t", "function": "m:g"}]}', 'ValueError', "Duplicate shared tool name 't' in agents.yaml", '$.tools[1]'],
    [
      '{"agents": [{"name": "a", "actions": [{"name": "x", "trigger_conditions": ["input"]}]}]}',
      'ValueError',
      "Action/tool 'x': 'function' is required and must be of the form '<module-or-class>:<qualname>'.",
      '$.agents[0].actions[0]',
    ],
    [
      '{"agents": [{"name": "a", "tools": [{"name": "t", "function": "no_colon"}]}]}',
      'ValueError',
      "Action/tool 't': python function 'no_colon' must be of the form '<module-or-class>:<qualname>' (e.g. 'pkg.tools:add', 'pkg.tools:MyTools.add', 'com.example.MyClass:method').",
      '$.agents[0].tools[0]',
    ],
    ['{"agents": [{"name": "a", "tools": [{"name": "t", "function": "C:m", "type": "java"}]}]}', 'ValueError', "Tool 't': java tools must declare 'parameter_types' in YAML.", '$.agents[0].tools[0]'],
    [
      '{"agents": [{"name": "a", "mcp_servers": [{"name": "m", "clazz": "x", "type": "java"}]}]}',
      'ValueError',
      "Resource 'm': type='java' is not supported for mcp_server (no Python-side Java wrapper).",
      '$.agents[0].mcp_servers[0]',
    ],
    [
      '{"agents": [{"name": "a", "tools": [{"name": "_subagent_lookup", "function": "m:f"}]}]}',
      'ValueError',
      "Tool name '_subagent_lookup' must not start with the reserved prefix '_subagent_', which identifies sub-agent callables.",
      '$.agents[0].tools[0]',
    ],
    ['{"agents": [{"name": "a", "tools": [{"name": "t", "function": "m:f"}]}], "tools": [{"name": "t", "function": "m:g"}]}', 'ValueError', 'tool t already defined', '$.tools[0]'],
    ['{"agents": [{"name": "a"}, {"name": "b"}]}', 'ValueError', 'the declaration declares several agents ("a", "b"): name the one to build', '$.agents'],
  ])('refuses %s in the upstream words, where it is written', async (json, kind, message, path) => {
    expect(await refusal(json)).toEqual([kind, message, path]);
  });
});

describe('plan/yaml/yamlPlanBuilder MCP servers', () => {
  const server = (tools: string[]) =>
    JSON.stringify({
      agents: [
        {
          name: 'a',
          mcp_servers: [{ name: 'docs', clazz: 'stdio', command: process.execPath, args: [MCP_SERVER_SCRIPT, JSON.stringify({ tools: tools.map((name) => ({ name })) })] }],
        },
      ],
    });

  it('discovers the tools a stdio server named by the stdio alias advertises', async () => {
    const plan = await planOf(server(['search', 'fetch']));
    expect(plan.provider('mcp_server', 'docs')).toMatchObject({ kind: 'PythonResourceProvider', descriptor: { targetModule: 'agentparity_ref.mcp', targetClazz: 'StdioMcpServer' } });
    expect([...plan.resourceProviders!.get('tool')!.keys()]).toEqual(['search', 'fetch']);
  });

  it('fails the plan when the server advertises _subagent_lookup, at the server entry', async () => {
    expect(await refusal(server(['search', '_subagent_lookup']))).toEqual([
      'ValueError',
      "MCP server 'docs' advertised a tool with a reserved name: Tool name '_subagent_lookup' must not start with the reserved prefix '_subagent_', which identifies sub-agent callables.",
      '$.agents[0].mcp_servers[0]',
    ]);
  });
});
