import { describe, expect, it } from 'vitest';
import * as api from '../src/index.js';

describe('index (the package barrel)', () => {
  it('exports the declaration and sub-agent API by name', () => {
    for (const name of [
      'readDeclaration', 'loadDeclaration', 'DeclarationFileError', 't', 'd', 'field', 'defineModel', 'defineEnum', 'computed', 'declaration',
      'CALLABLE_NAME_PREFIX', 'SubagentSetup', 'SubagentResult', 'SubagentFailure', 'SubagentFuture', 'SubagentFutures', 'DECLARATION_FORMAT',
    ]) {
      expect(api, name).toHaveProperty(name);
    }
    expect(api.CALLABLE_NAME_PREFIX).toBe('_subagent_');
  });
});

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
});
