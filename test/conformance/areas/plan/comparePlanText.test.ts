import { describe, expect, it } from 'vitest';
import { parsePyJson } from '../../../../src/json/parsePyJson.js';
import type { FixtureCase } from '../../../../conformance/fixtures/fixtureCase.js';
import { comparePlanText, compareUnchangedPlanText } from '../../../../conformance/areas/plan/comparePlanText.js';

const testCase: FixtureCase = { id: 'plan/t/x', area: 'plan', file: 'plan/t.yaml', op: 'build_plan', contracts: [] };
const sides = { left: 'python', right: 'ts' };
const context = { testCase, pointer: '/plan' };

const builtIn = (lang: 'python' | 'ts') =>
  lang === 'python'
    ? '{"func_type": "PythonFunction", "module": "agentparity_ref.actions", "qualname": "process_tool_request"}'
    : '{"func_type": "TypeScriptFunction", "module": "agentparity/actions", "qualname": "processToolRequest"}';

const plan = (lang: 'python' | 'ts', schema: string, host = 'h') =>
  `{"actions": {"tool_call_action": {"name": "tool_call_action", "exec": ${builtIn(lang)}, "trigger_conditions": ["_tool_request_event"], "config": null}}, ` +
  `"resource_providers": {"agent": {"r": {"name": "r", "type": "agent", "module": "${lang === 'python' ? 'agentparity_ref.subagent' : 'agentparity/subagent'}", "clazz": "SubagentSetup", ` +
  `"serialized": {"description": "d", "input_schema": ${JSON.stringify(schema)}}, "__resource_provider_type__": "${lang === 'python' ? 'Python' : 'TypeScript'}SerializableResourceProvider"}}, ` +
  `"chat_model": {"m": {"name": "m", "type": "chat_model", "descriptor": {"target_module": "pkg", "target_clazz": "Model", "arguments": {"host": "${host}"}}, "__resource_provider_type__": "PythonResourceProvider"}}}}`;

const schema = '{"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}';

describe('compare/plan/comparePlanText', () => {
  it('finds the same text identical', async () => {
    expect(await comparePlanText(plan('python', schema), plan('python', schema), sides, context)).toEqual({ status: 'identical', detail: '' });
  });

  it('finds the plans of two languages equivalent, saying which names were mapped', async () => {
    const verdict = await comparePlanText(plan('python', schema), plan('ts', schema), sides, context);
    expect(verdict.status).toBe('equivalent');
    expect(verdict.detail).toBe('same plan, each language naming its own: built-in tool_call_action, class SubagentSetup');
  });

  it('finds a changed argument divergent, at its pointer', async () => {
    const verdict = await comparePlanText(plan('python', schema), plan('ts', schema, 'other'), sides, context);
    expect(verdict.status).toBe('divergent');
    expect(verdict.detail).toContain('`/resource_providers/chat_model/m/descriptor/arguments/host` "h" in A, "other" in B');
  });

  it('sends input schemas that differ through the schema comparator', async () => {
    const wider = '{"type": "object", "properties": {"q": {"type": "string"}}}';
    const verdict = await comparePlanText(plan('python', schema), plan('ts', wider), sides, context);
    expect(verdict.status).toBe('divergent');
    expect(verdict.detail).toContain('`/resource_providers/agent/r/serialized/input_schema`');
    expect(verdict.detail).toContain('json-schema-diff');
  });

  it('checks an expectation is contained in the plan', async () => {
    const expected = parsePyJson('{"resource_providers": {"chat_model": {"m": {"descriptor": {"arguments": {"host": "h"}}}}}}');
    expect((await comparePlanText(expected, plan('ts', schema), { left: 'expect', right: 'ts' }, context)).status).toBe('identical');
    const wrong = parsePyJson('{"resource_providers": {"chat_model": {"m": {"descriptor": {"arguments": {"host": "x"}}}}}}');
    expect((await comparePlanText(wrong, plan('ts', schema), { left: 'expect', right: 'ts' }, context)).status).toBe('divergent');
  });

  it('requires a plan read back to be the same text, even when it means the same', async () => {
    const reordered = plan('python', schema).replace('"name": "m", "type": "chat_model"', '"type": "chat_model", "name": "m"');
    const verdict = await compareUnchangedPlanText(plan('python', schema), reordered, sides, context);
    expect(verdict.status).toBe('divergent');
    expect(verdict.detail).toMatch(/^the plan is not written back unchanged: /);
  });
});
