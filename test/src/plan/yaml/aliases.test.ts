import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLAZZ_ALIASES, EVENT_ALIASES, JAVA_DESCRIPTOR_TYPES, resolveClazz, resolveEventType } from '../../../../src/plan/yaml/aliases.js';

const PYTHON_REF = fileURLToPath(new URL('../../../../python-ref/', import.meta.url));

// The Python reference's tables, as it holds them.
const pythonTables = (): unknown =>
  JSON.parse(
    execFileSync(
      process.env['AGENTPARITY_PYTHON'] ?? 'python3',
      [
        '-c',
        'import json; from agentparity_ref.plan.yaml.aliases import CLAZZ_ALIASES, EVENT_ALIASES, JAVA_DESCRIPTOR_TYPES; ' +
          'print(json.dumps({"events": EVENT_ALIASES, "classes": {t.value: b for t, b in CLAZZ_ALIASES.items()}, "java": [t.value for t in JAVA_DESCRIPTOR_TYPES]}))',
      ],
      { cwd: PYTHON_REF, encoding: 'utf8' },
    ),
  );

describe('plan/yaml/aliases', () => {
  it('holds the same tables as the Python reference', () => {
    expect(pythonTables()).toEqual({ events: EVENT_ALIASES, classes: CLAZZ_ALIASES, java: JAVA_DESCRIPTOR_TYPES });
  });

  it('resolves an alias per resource type and language, and passes anything else through', () => {
    expect(resolveClazz('ollama', 'chat_model', 'python')).toBe('flink_agents.integrations.chat_models.ollama_chat_model.OllamaChatModelSetup');
    expect(resolveClazz('ollama', 'chat_model', 'java')).toBe('org.apache.flink.agents.integrations.chatmodels.ollama.OllamaChatModelSetup');
    expect(resolveClazz('ollama', 'vector_store', 'python')).toBe('ollama');
    expect(resolveClazz('constructor', 'chat_model', 'python')).toBe('constructor');
    expect(resolveEventType('chat_response')).toBe('_chat_response_event');
    expect(resolveEventType('toString')).toBe('toString');
  });
});
