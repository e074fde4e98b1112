import { describe, expect, it } from 'vitest';
import * as api from '../../src/index.js';

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
