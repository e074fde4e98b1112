import { describe, expect, it } from 'vitest';
import { parsePyJson } from '../../../../src/json/parsePyJson.js';
import { classifyTrigger, triggerKey } from '../../../../src/plan/diff/triggerConditions.js';
import { upstreamText } from '../upstreamVectors.js';

interface ConformanceCase {
  readonly name: string;
  readonly entry: string;
  readonly classification: 'event_type' | 'expression';
  readonly probe_event_type?: string;
  readonly plan_validation: string;
  readonly runtime_compilation: string;
  readonly matches_probe?: boolean;
}

const table = parsePyJson(upstreamText('e2e-test/cross-language-trigger-condition-fixtures/trigger_condition_conformance.json')) as Map<string, unknown>;
const cases = (table.get('cases') as Map<string, unknown>[]).map((c) => Object.fromEntries(c) as unknown as ConformanceCase);

describe('plan/diff/triggerConditions', () => {
  it.each(cases.map((c) => [c.name, c] as const))('classifies %s as the upstream conformance table does', (_name, c) => {
    expect(classifyTrigger(c.entry).kind).toBe(c.classification);
  });

  it.each(cases.filter((c) => c.classification === 'event_type' && c.matches_probe).map((c) => [c.name, c] as const))(
    'reads the event type of %s as the one it matches',
    (_name, c) => {
      expect(classifyTrigger(c.entry)).toEqual({ kind: 'event_type', name: c.probe_event_type });
    },
  );

  it('makes quoting and surrounding space meaningless, and keeps expressions as written', () => {
    expect(triggerKey("'_input_event'")).toBe(triggerKey(' _input_event '));
    expect(triggerKey('type == EventType.InputEvent')).not.toBe(triggerKey('type==EventType.InputEvent'));
  });
});
