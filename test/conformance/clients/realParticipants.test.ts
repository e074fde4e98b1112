import { createHash } from 'node:crypto';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { parsePyJson } from '../../../src/json/parsePyJson.js';
import { pythonParticipantCommand, tsParticipantCommand } from '../../../conformance/clients/participantCommands.js';
import type { CommandLine } from '../../../conformance/clients/participantProcess.js';
import { protocolValidator } from '../../../conformance/protocol/validateProtocol.js';

// Real messages of both real participants, each checked against the protocol schema: the
// requests the harness writes and every answer, including the skipped and errored ones. The
// third and fourth requests break the schema on purpose (an op no participant offers, a case id
// that is not a string): a participant still answers them.
const requests = [
  '{"cmd": "start", "version": 1}',
  '{"cmd": "run", "seq": 1, "case": {"id": "schema/basics/review", "op": "derive_schema", "declaration": {"format": "pydantic-neutral-declaration/1", "root": "Review", "models": [{"name": "Review", "fields": [{"name": "path", "type": {"type": "str"}, "required": true}]}]}, "input": {}}}',
  '{"cmd": "run", "seq": 2, "case": {"id": "plan/none/x", "op": "no_such_op"}}',
  '{"cmd": "run", "seq": "three", "case": {"id": 3, "op": "derive_schema"}}',
  '{"cmd": "stop"}',
];

// Feature declaration_key: a declaration sent with a key, then the key alone, then a key never sent.
const declaration = '{"format": "pydantic-neutral-declaration/1", "models": [{"name": "R", "fields": [{"name": "x", "type": {"type": "int"}, "required": true}]}]}';
const keyed = [
  '{"cmd": "start", "version": 1}',
  `{"cmd": "run", "seq": 1, "case": {"id": "normalize/keys/a", "op": "normalize", "declaration": ${declaration}, "declaration_key": "d1", "input": {"value": {"x": "7"}, "result_type": "R"}}}`,
  '{"cmd": "run", "seq": 2, "case": {"id": "normalize/keys/b", "op": "normalize", "declaration_key": "d1", "input": {"value": {"x": "7"}, "result_type": "R"}}}',
  '{"cmd": "run", "seq": 3, "case": {"id": "normalize/keys/c", "op": "normalize", "declaration_key": "d2", "input": {"value": 1}}}',
  '{"cmd": "stop"}',
];

const talk = async (command: CommandLine, lines = requests): Promise<string[]> => {
  const done = await execa(command.file, [...command.args], { input: `${lines.join('\n')}\n`, env: command.env, timeout: 60_000 });
  return done.stdout.split('\n');
};

describe.each([
  ['python', pythonParticipantCommand],
  ['ts-process', tsParticipantCommand],
])('participants/%s messages', (_name, command) => {
  it('are valid under the protocol schema, both ways, one answer per request', async () => {
    const validator = protocolValidator();
    const problems = requests.map((request) => validator.request(parsePyJson(request)));
    expect(problems.map((problem) => problem === undefined)).toEqual([true, true, false, false, true]);
    const answers = await talk(command());
    expect(answers).toHaveLength(requests.length - 1);
    for (const [index, answer] of answers.entries()) {
      expect(validator.response(parsePyJson(answer), index === 1 ? 'derive_schema' : undefined), answer).toBeUndefined();
    }
    expect(answers[2]).toMatch(/^\{"seq": 2, "skipped": true, "reason": "op no_such_op is not supported by agentparity(_ref)?"\}$/);
    expect(answers[3]).toMatch(/^\{"seq": "three", "errored": true, "context": \{"message": "run: case.id must be a string"\}\}$/);
  });

  it('take a declaration by key, and say so in the start reply', async () => {
    const validator = protocolValidator();
    expect(keyed.map((request) => validator.request(parsePyJson(request)))).toEqual(keyed.map(() => undefined));
    const answers = await talk(command(), keyed);
    expect(answers).toHaveLength(keyed.length - 1);
    for (const [index, answer] of answers.entries()) expect(validator.response(parsePyJson(answer), index > 0 ? 'normalize' : undefined), answer).toBeUndefined();
    expect(answers[0]).toContain('"features": ["declaration_key", "run_internal_plan"]');
    expect(answers[1]).toBe(`{"seq": 1, "result": {"json": "{\\"x\\":7}", "content": "{\\"x\\":7}", "json_sha256": "${createHash('sha256').update('{"x":7}').digest('hex')}"}}`);
    expect(answers[2]).toBe(answers[1]!.replace('"seq": 1', '"seq": 2'));
    expect(answers[3]).toBe(
      '{"seq": 3, "errored": true, "context": {"message": "unknown declaration_key \\"d2\\": a key names the declaration sent with it earlier in this process"}}',
    );
  });
});
