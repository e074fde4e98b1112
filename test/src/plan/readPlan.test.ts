import { describe, expect, it } from 'vitest';
import { parsePyJson } from '../../../src/json/parsePyJson.js';
import { writePyJson } from '../../../src/json/writePyJson.js';
import { PythonFunction, JavaFunction } from '../../../src/functions/functionDescriptor.js';
import { defaultRegistry } from '../../../src/plan/defaultRegistry.js';
import { JsonNode } from '../../../src/plan/jsonNode.js';
import { readAction, readPlan } from '../../../src/plan/readPlan.js';
import { planToJson, writePlan } from '../../../src/plan/writePlan.js';
import { DescriptorProvider, OpaqueResource, SerializableProvider } from '../../../src/plan/resourceProvider.js';
import { FunctionTool } from '../../../src/tools/functionTool.js';
import { UPSTREAM_PLANS, upstreamText } from './upstreamVectors.js';

const read = (text: string) => readPlan(text, { registry: defaultRegistry });

const readError = (text: string): { kind: string; message: string; path: string | undefined } => {
  try {
    read(text);
  } catch (error) {
    const e = error as { kind: string; message: string; path: string | undefined };
    return { kind: e.kind, message: e.message, path: e.path };
  }
  throw new Error('the plan was read');
};

describe('plan/readPlan', () => {
  it.each(UPSTREAM_PLANS)('reads %s and writes it back unchanged, key order and number kinds included', (path) => {
    const text = upstreamText(path);
    expect(writePlan(read(text))).toBe(writePyJson(parsePyJson(text)));
  });

  it('keeps the Java layout: no agent_name, no resource_providers, func_type last', () => {
    const plan = read(upstreamText('plan/src/test/resources/agent_plans/agent_plan.json'));
    expect(plan.agentName).toBeUndefined();
    expect(plan.resourceProviders).toBeUndefined();
    const exec = plan.actions.get('second_action')!.exec as JavaFunction;
    expect(exec).toBeInstanceOf(JavaFunction);
    expect(exec.qualname).toBe('org.apache.flink.agents.plan.serializer.AgentPlanJsonDeserializerTest$MyAction');
    expect([...(planToJson(plan).get('actions') as Map<string, Map<string, Map<string, unknown>>>).get('first_action')!.get('exec')!.keys()]).toEqual([
      'qualname',
      'method_name',
      'parameter_types',
      'func_type',
    ]);
  });

  it('keeps Python resources as opaque handles, including the older descriptor layout Java reads', () => {
    const plan = read(upstreamText('plan/src/test/resources/agent_plans/agent_plan_with_python_resource_providers.json'));
    const model = plan.provider('chat_model', 'chat_model') as DescriptorProvider;
    expect(model.layout).toBe('kwargs');
    expect(model.descriptor.targetClazz).toBe('MockChatModel');
    expect(model.language).toBe('python');
    const tool = plan.provider('tool', 'add') as SerializableProvider;
    expect(tool.resource).toBeInstanceOf(OpaqueResource);
  });

  it('reads the Python plan with every kind of descriptor resource', () => {
    const plan = read(upstreamText('python/flink_agents/plan/tests/resources/agent_plan.json'));
    expect([...plan.resourceProviders!.keys()]).toEqual(['chat_model', 'embedding_model', 'embedding_model_connection', 'vector_store']);
    expect(plan.provider('vector_store', 'mock_vector_store')!.name).toBe('mock_vector_store');
    expect(plan.agentName).toBe('MyAgent');
    expect(plan.config!.confData.get('mock.key')).toBe('mock.value');
    expect(plan.actions.get('tool_call_action')!.exec).toEqual(new PythonFunction('flink_agents.plan.actions.tool_call_action', 'process_tool_request'));
  });

  it('restores a resource of its own language through the registry', () => {
    const text = writePyJson(
      new Map([
        ['actions', new Map()],
        [
          'resource_providers',
          new Map([
            [
              'tool',
              new Map([
                [
                  'notify',
                  new Map<string, unknown>([
                    ['name', 'notify'],
                    ['type', 'tool'],
                    ['module', 'agentparity/tools'],
                    ['clazz', 'FunctionTool'],
                    ['serialized', new Map<string, unknown>([['name', 'notify'], ['metadata', null], ['func', new Map([['func_type', 'PythonFunction'], ['module', 'pkg'], ['qualname', 'notify']])]])],
                    ['__resource_provider_type__', 'TypeScriptSerializableResourceProvider'],
                  ]),
                ],
              ]),
            ],
          ]),
        ],
      ]) as never,
    );
    const provider = read(text).provider('tool', 'notify') as SerializableProvider;
    expect(provider.resource).toBeInstanceOf(FunctionTool);
    expect((provider.resource as FunctionTool).func).toEqual(new PythonFunction('pkg', 'notify'));
    expect(writePlan(read(text))).toBe(text);
  });

  it('refuses a serializable resource of its own language whose class is not registered', () => {
    const text =
      '{"actions": {}, "resource_providers": {"agent": {"x": {"name": "x", "type": "agent", "module": "evil", "clazz": "Payload", ' +
      '"serialized": {}, "__resource_provider_type__": "TypeScriptSerializableResourceProvider"}}}}';
    expect(readError(text)).toEqual({
      kind: 'ValueError',
      message: 'unknown class "evil.Payload": it is not in the class registry',
      path: '/resource_providers/agent/x/clazz',
    });
  });

  it('keeps keys such as __proto__ as data', () => {
    const text =
      '{"actions": {}, "resource_providers": {"chat_model": {"__proto__": {"name": "__proto__", "type": "chat_model", ' +
      '"descriptor": {"target_module": "m", "target_clazz": "C", "arguments": {"__proto__": {"polluted": true}, "constructor": 1}}, ' +
      '"__resource_provider_type__": "PythonResourceProvider"}}}, "agent_name": "a", "config": {"conf_data": {"__proto__": 2}}}';
    const plan = read(text);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    const provider = plan.provider('chat_model', '__proto__') as DescriptorProvider;
    expect(provider.descriptor.args.get('constructor')).toBe(1);
    expect(writePlan(plan)).toBe(text);
  });

  it.each([
    ['truncated text', '{"actions": {"a": {"name": "a", "exec"', "plan text is not valid JSON: Expecting ':' delimiter (line 1, column 39)", ''],
    ['not an object', '[1, 2]', 'expected an object, got an array', ''],
    ['no actions', '{"agent_name": "a"}', 'missing required key "actions"', '/actions'],
    ['an unknown top-level key', '{"actions": {}, "actions_by_event": {}}', 'unknown key "actions_by_event"', '/actions_by_event'],
    ['actions of the wrong type', '{"actions": []}', 'expected an object, got an array', '/actions'],
    ['a trigger condition of the wrong type', '{"actions": {"a": {"name": "a", "exec": {"func_type": "PythonFunction", "module": "m", "qualname": "f"}, "trigger_conditions": ["x", 3]}}}', 'expected a string, got 3', '/actions/a/trigger_conditions/1'],
    ['an action filed under another name', '{"actions": {"a": {"name": "b", "exec": {}, "trigger_conditions": []}}}', 'action name "b" does not match its key "a"', '/actions/a/name'],
    ['an unknown resource type', '{"actions": {}, "resource_providers": {"gadget": {}}}', 'unknown resource type "gadget"', '/resource_providers/gadget'],
    ['an unknown provider kind', '{"actions": {}, "resource_providers": {"tool": {"t": {"__resource_provider_type__": "RustResourceProvider"}}}}', 'unknown resource provider type "RustResourceProvider"', '/resource_providers/tool/t/__resource_provider_type__'],
    ['a provider filed under another type', '{"actions": {}, "resource_providers": {"tool": {"t": {"name": "t", "type": "prompt", "descriptor": {}, "__resource_provider_type__": "PythonResourceProvider"}}}}', 'resource type "prompt" does not match its group "tool"', '/resource_providers/tool/t/type'],
    ['agent_name of the wrong type', '{"actions": {}, "agent_name": 7}', 'expected a string, got 7', '/agent_name'],
    ['conf_data of the wrong type', '{"actions": {}, "config": {"conf_data": [1.5]}}', 'expected an object, got an array', '/config/conf_data'],
  ])('refuses %s with a clear error', (_label, text, message, path) => {
    expect(readError(text)).toEqual({ kind: 'ValueError', message, path });
  });

  it('reads the upstream action vectors, refusing the malformed ones', () => {
    const action = (path: string) => {
      const value = parsePyJson(upstreamText(path)) as Map<string, string>;
      return readAction(new JsonNode(value, ''), value.get('name')!);
    };
    expect(action('plan/src/test/resources/actions/action_java_function.json').exec).toEqual(
      new JavaFunction('org.apache.flink.agents.plan.TestAction', 'legal', ['org.apache.flink.agents.api.Event', 'org.apache.flink.agents.api.context.RunnerContext']),
    );
    expect(action('plan/src/test/resources/actions/action_python_function.json').exec).toEqual(new PythonFunction('test_module', 'test_function'));
    expect(action('plan/src/test/resources/actions/action_unquoted_dotted_event_type.json').triggerConditions).toEqual(['org.apache.flink.agents.api.NonExistentEvent']);
    expect(action('python/flink_agents/plan/tests/resources/action.json').config).toBeInstanceOf(Map);
    expect(() => action('plan/src/test/resources/actions/action_invalid_function_type.json')).toThrow('unknown function type "InvalidFunction"');
    expect(() => action('plan/src/test/resources/actions/action_missing_fields.json')).toThrow('missing required key "qualname"');
  });
});
