import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parsePyJson } from '../../../src/json/parsePyJson.js';
import { writePyJson } from '../../../src/json/writePyJson.js';
import { runCli } from '../../helpers/runCli.js';
import { tempFiles } from '../../helpers/tempFixtures.js';
import { UPSTREAM_PLANS, upstreamText } from '../../src/plan/upstreamVectors.js';

const UPSTREAM = fileURLToPath(new URL('../../fixtures/upstream/', import.meta.url));
const RESERVED = "Tool name '_subagent_helper' must not start with the reserved prefix '_subagent_', which identifies sub-agent callables.";

const agents = `agents:
  - name: helper_agent
    tools:
      - name: lookup
        function: pkg.tools:lookup
      - name: _subagent_helper
        function: pkg.tools:helper
`;

describe('cli/plan build', () => {
  it.each(['ts', 'python'])('prints the plan the %s participant builds, on one line', async (impl) => {
    const run = await runCli('plan', 'build', `${UPSTREAM}python/flink_agents/api/yaml/tests/fixtures/single_agent.yaml`, '--impl', impl);
    expect(run.code).toBe(0);
    const plan = parsePyJson(run.stdout) as Map<string, unknown>;
    expect(plan.get('agent_name')).toBe('incrementer');
    expect(run.stdout.endsWith('}\n') && !run.stdout.slice(0, -1).includes('\n')).toBe(true);
  });

  it.each(['ts', 'python'])('exits 2 on a declaration error with the upstream message and the YAML location (%s)', async (impl) => {
    const file = join(tempFiles({ 'agents.yaml': agents }), 'agents.yaml');
    const run = await runCli('plan', 'build', file, '--impl', impl);
    expect(run).toMatchObject({ code: 2, stdout: '' });
    expect(run.stderr).toBe(`agentparity plan build: ${file}:6:9: ValueError: ${RESERVED} (at $.agents[0].tools[1])\n`);
  });

  it('builds the agent --agent names from a file of several', async () => {
    const run = await runCli('plan', 'build', `${UPSTREAM}python/flink_agents/api/yaml/tests/fixtures/multi_agent.yaml`, '--agent', 'a2');
    expect((parsePyJson(run.stdout) as Map<string, unknown>).get('agent_name')).toBe('a2');
  });

  it('exits 2 on a file it cannot read, and on usage problems', async () => {
    expect((await runCli('plan', 'build', '/nonexistent/agents.yaml')).code).toBe(2);
    for (const argv of [[], ['build'], ['build', 'a.yaml', '--impl', 'java'], ['frobnicate']]) {
      const run = await runCli('plan', ...argv);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('usage: agentparity plan build FILE.yaml');
    }
  });
});

describe('cli/plan diff', () => {
  it.each(UPSTREAM_PLANS)('finds %s equivalent to itself (exit 0)', async (path) => {
    const run = await runCli('plan', 'diff', `${UPSTREAM}${path}`, `${UPSTREAM}${path}`);
    expect(run).toMatchObject({ code: 0, stdout: 'equivalent\n' });
  });

  it('exits 1 naming the JSON pointer of the one resource argument changed', async () => {
    const path = 'python/flink_agents/plan/tests/resources/agent_plan.json';
    const plan = parsePyJson(upstreamText(path)) as Map<string, Map<string, Map<string, Map<string, Map<string, Map<string, unknown>>>>>>;
    plan.get('resource_providers')!.get('embedding_model_connection')!.get('mock_embedding_conn')!.get('descriptor')!.get('arguments')!.set('api_key', 'other-key');
    const changed = join(tempFiles({ 'changed.json': writePyJson(plan as never) }), 'changed.json');
    const run = await runCli('plan', 'diff', `${UPSTREAM}${path}`, changed);
    expect(run).toMatchObject({
      code: 1,
      stdout: '/resource_providers/embedding_model_connection/mock_embedding_conn/descriptor/arguments/api_key: "mock-api-key" in A, "other-key" in B\n1 difference\n',
    });
  });

  it('maps the built-in actions between a Java and a Python plan, and says what it mapped', async () => {
    const java = `${UPSTREAM}e2e-test/cross-language-agent-plan-snapshots/java/agent_plan_with_python_action.json`;
    const python = `${UPSTREAM}e2e-test/cross-language-agent-plan-snapshots/python/agent_plan_with_java_action.json`;
    const run = await runCli('plan', 'diff', java, python, '--json');
    expect(run.code).toBe(1);
    const report = parsePyJson(run.stdout) as Map<string, unknown>;
    expect(report.get('equivalent')).toBe(false);
    expect((report.get('equivalences') as unknown[]).length).toBe(3);
  });

  it('takes a mapping file that makes two languages name one function', async () => {
    const dir = tempFiles({
      'a.json': '{"actions": {"handle": {"name": "handle", "exec": {"func_type": "PythonFunction", "module": "pkg", "qualname": "handle"}, "trigger_conditions": ["_input_event"]}}}',
      'b.json':
        '{"actions": {"handle": {"name": "handle", "exec": {"func_type": "JavaFunction", "qualname": "com.example.Handlers", "method_name": "handle", "parameter_types": []}, "trigger_conditions": ["_input_event"]}}}',
      'mapping.yaml': 'functions:\n  handle:\n    - {func_type: PythonFunction, module: pkg, qualname: handle}\n    - {func_type: JavaFunction, qualname: com.example.Handlers, method_name: handle}\n',
    });
    expect((await runCli('plan', 'diff', join(dir, 'a.json'), join(dir, 'b.json'))).code).toBe(1);
    const run = await runCli('plan', 'diff', join(dir, 'a.json'), join(dir, 'b.json'), '--mapping', join(dir, 'mapping.yaml'));
    expect(run).toMatchObject({ code: 0, stdout: 'equivalent (1 name mapped between languages)\n' });
  });

  it('exits 2 on a file that is not a plan, naming the file and the pointer', async () => {
    const dir = tempFiles({ 'bad.json': '{"actions": {"a": {"name": "b"}}}', 'good.json': '{"actions": {}}' });
    const run = await runCli('plan', 'diff', join(dir, 'bad.json'), join(dir, 'good.json'));
    expect(run).toMatchObject({ code: 2, stdout: '' });
    expect(run.stderr).toBe(`agentparity plan diff: ${join(dir, 'bad.json')}: action name "b" does not match its key "a" (at /actions/a/name)\n`);
  });
});
