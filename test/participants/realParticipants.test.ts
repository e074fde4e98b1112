import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { parsePyJson } from '../../src/json/parsePyJson.js';
import { pythonParticipantCommand, tsParticipantCommand } from '../../conformance/participants/openParticipant.js';
import type { CommandLine } from '../../conformance/participants/participantProcess.js';
import { protocolValidator } from '../../conformance/protocol/validateProtocol.js';

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

const talk = async (command: CommandLine): Promise<string[]> => {
  const done = await execa(command.file, [...command.args], { input: `${requests.join('\n')}\n`, env: command.env, timeout: 60_000 });
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
});
