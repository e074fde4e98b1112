import { describe, expect, it } from 'vitest';
import { parsePyJson } from '../../../src/json/parsePyJson.js';
import { protocolValidator } from '../../../conformance/protocol/validateProtocol.js';
import { runCli } from '../../helpers/runCli.js';
import { spawnCli } from '../../helpers/spawnCli.js';

const requests = [
  '{"cmd": "start", "version": 1}',
  '{"cmd": "run", "seq": 1, "case": {"id": "schema/cli/review", "op": "derive_schema", "declaration": {"format": "pydantic-neutral-declaration/1", "root": "Review", "models": [{"name": "Review", "fields": [{"name": "path", "type": {"type": "str"}, "required": true}]}]}, "input": {"description": "Reviews."}}}',
  '{"cmd": "stop"}',
];

// json.dumps(Review.model_json_schema()) for `class Review(BaseModel): path: str`.
const reviewSchema = '{"properties": {"path": {"title": "Path", "type": "string"}}, "required": ["path"], "title": "Review", "type": "object"}';

describe('cli/participant', () => {
  it.each(['ts', 'python'])('serves the protocol on stdio: participant %s', async (which) => {
    const done = await spawnCli(['participant', which], `${requests.join('\n')}\n`);
    expect(done.exitCode).toBe(0);
    const [started, answer] = done.stdout.split('\n');
    expect(protocolValidator().response(parsePyJson(started!))).toBeUndefined();
    expect(parsePyJson(answer!)).toEqual(new Map<string, unknown>([['seq', 1], ['result', new Map([['description', 'Reviews.'], ['input_schema', reviewSchema]])]]));
  });

  it('refuses anything but ts or python (exit 2)', async () => {
    const done = await runCli('participant', 'java');
    expect(done.code).toBe(2);
    expect(done.stderr).toContain('usage: agentparity participant ts|python');
  });
});
