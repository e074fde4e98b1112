import { describe, expect, it } from 'vitest';
import { parsePyJson } from '../../../../src/json/parsePyJson.js';
import { readAgentsDocument } from '../../../../src/plan/yaml/readAgentsDocument.js';

const refusal = (json: string | null) => {
  try {
    readAgentsDocument(json === null ? null : parsePyJson(json), 'agents.yaml');
  } catch (error) {
    const e = error as { message: string; path?: string };
    return [e.message, e.path];
  }
  throw new Error('the document was accepted');
};

describe('plan/yaml/readAgentsDocument', () => {
  it.each([
    [null, 'YAML file agents.yaml is empty', '$'],
    ['[]', 'expected an object, got an array', '$'],
    ['{"agent": []}', 'unknown key "agent"', '$.agent'],
    ['{"agents": [{"actions": []}]}', 'missing required key "name"', '$.agents[0].name'],
    ['{"agents": [{"name": "a", "actions": [{"name": "x", "function": "m:f", "listen_to": ["input"]}]}]}', 'unknown key "listen_to"', '$.agents[0].actions[0].listen_to'],
    ['{"agents": [{"name": "a", "actions": [{"name": "x", "function": "m:f", "trigger_conditions": []}]}]}', 'expected at least one trigger condition', '$.agents[0].actions[0].trigger_conditions'],
    ['{"agents": [{"name": "a", "actions": [{"name": "x", "function": "m:f", "trigger_conditions": [" "]}]}]}', 'a trigger condition must not be blank', '$.agents[0].actions[0].trigger_conditions[0]'],
    ['{"agents": [{"name": "a", "tools": [{"name": "t", "function": "m:f", "type": "rust"}]}]}', 'expected one of "python", "java", "typescript", got "rust"', '$.agents[0].tools[0].type'],
    ['{"agents": [{"name": "a", "prompts": [{"name": "p", "text": "x", "messages": [{"content": "y"}]}]}]}', "prompt must define exactly one non-empty 'text' or 'messages'", '$.agents[0].prompts[0]'],
    ['{"skills": [{"name": "s"}]}', "skills 's': at least one of paths/urls/classpath/package must be non-empty.", '$.skills[0]'],
    ['{"agents": [{"name": "a", "chat_model_setups": [{"name": "c"}]}]}', 'missing required key "clazz"', '$.agents[0].chat_model_setups[0].clazz'],
    ['{"agents": [{"name": "a", "chat_model_setups": [{"name": "c", "clazz": "ollama", "subagents": "reviewer"}]}]}', 'expected an array, got "reviewer"', '$.agents[0].chat_model_setups[0].subagents'],
    [
      '{"agents": [{"name": "a", "subagents": [{"name": "s", "agent_ref": "b", "target_module": "m", "target_clazz": "C"}]}]}',
      'a sub-agent names an agent (agent_ref) or a setup class (target_module, target_clazz), not both',
      '$.agents[0].subagents[0].agent_ref',
    ],
    [
      '{"agents": [{"name": "a", "subagents": [{"name": "s", "target_module": "m", "target_clazz": "C", "description": "d"}]}]}',
      'a sub-agent with a setup class takes its description and schema from its "arguments"',
      '$.agents[0].subagents[0].description',
    ],
    ['{"agents": [{"name": "a", "subagents": [{"name": "s", "arguments": {}}]}]}', '"arguments" needs a setup class (target_module and target_clazz)', '$.agents[0].subagents[0].arguments'],
    ['{"types": {"format": "x"}}', 'unsupported format "x", expected "pydantic-neutral-declaration/1"', '$.types.format'],
  ])('refuses %s at the offending node', (json, message, path) => {
    expect(refusal(json)).toEqual([message, path]);
  });
});
