import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PyJson } from '../../../src/json/pyJson.js';
import { PyFloat } from '../../../src/json/pyJson.js';
import { writePyJson } from '../../../src/json/writePyJson.js';
import { decodeRunResponse, parseMessage } from '../../../conformance/protocol/decode.js';
import { decodeRunLine } from '../../../conformance/protocol/decodeRunLine.js';
import type { Seq } from '../../../conformance/protocol/messages.js';
import { pyJsonArbitrary, sameTree } from '../../helpers/pyJsonArbitrary.js';

/** What decoding a line gives, comparable: the answer with its value read, or the error's message. */
const outcome = (decode: () => ReturnType<typeof decodeRunLine>): unknown => {
  try {
    const response = decode();
    return response.status === 'result' ? { seq: response.seq, status: response.status, text: response.text, result: response.result } : response;
  } catch (error) {
    return { threw: (error as Error).message };
  }
};

const same = (fast: unknown, slow: unknown): boolean => {
  if (typeof fast === 'object' && fast !== null && 'result' in fast && typeof slow === 'object' && slow !== null && 'result' in slow) {
    const { result: a, ...restA } = fast as { result: PyJson };
    const { result: b, ...restB } = slow as { result: PyJson };
    return JSON.stringify(restA) === JSON.stringify(restB) && sameTree(a, b);
  }
  return JSON.stringify(fast) === JSON.stringify(slow);
};

const writableObject = pyJsonArbitrary
  .map((value) => new Map<string, PyJson>([['v', value]]))
  .filter((value) => {
    try {
      writePyJson(value);
      return true;
    } catch {
      return false;
    }
  });

const lineArbitrary = fc
  .tuple(fc.oneof(fc.nat(), fc.string({ maxLength: 3 })), writableObject, fc.constantFrom('python', 'compact', 'reversed', 'spaced', 'twice', 'skipped', 'errored', 'cut', 'array'))
  .map(([seq, result, layout]): [Seq, string] => {
    const s = writePyJson(seq);
    const r = writePyJson(result);
    switch (layout) {
      case 'python':
        return [seq, `{"seq": ${s}, "result": ${r}}`];
      case 'compact':
        return [seq, writePyJson(new Map<string, PyJson>([['seq', seq], ['result', result]]), { separators: 'compact', ensureAscii: false })];
      case 'reversed':
        return [seq, `{"result": ${r}, "seq": ${s}}`];
      case 'spaced':
        return [seq, ` { "seq" : ${s} ,  "result" : ${r} } `];
      case 'twice':
        return [seq, `{"seq": ${s}, "result": {"first": 1}, "result": ${r}}`];
      case 'skipped':
        return [seq, `{"seq": ${s}, "skipped": true, "reason": "result"}`];
      case 'errored':
        return [seq, `{"seq": ${s}, "errored": true, "context": {"message": "m"}}`];
      case 'array':
        return [seq, `{"seq": ${s}, "result": [${r}]}`];
      default:
        return [seq, `{"seq": ${s}, "result": ${r}}`.slice(0, -2)];
    }
  });

describe('protocol/decodeRunLine', () => {
  it('decodes every line as the full reading does, the same answer or the same error', () => {
    fc.assert(
      fc.property(lineArbitrary, ([seq, line]) => {
        const fast = outcome(() => decodeRunLine(line, seq));
        const slow = outcome(() => decodeRunResponse(parseMessage(line), line));
        expect(same(fast, slow), `${JSON.stringify(fast)} vs ${JSON.stringify(slow)}`).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('reads the result losslessly, and only when asked for', () => {
    const response = decodeRunLine('{"seq": 3, "result": {"b": 1.0, "a": 12345678901234567890, "2": NaN}}', 3);
    expect(response).toMatchObject({ seq: 3, status: 'result', text: '{"b": 1.0, "a": 12345678901234567890, "2": NaN}' });
    if (response.status !== 'result') return;
    const value = response.result as Map<string, PyJson>;
    expect([...value.keys()]).toEqual(['b', 'a', '2']);
    expect(value.get('b')).toEqual(new PyFloat(1));
    expect(value.get('a')).toBe(12345678901234567890n);
    expect(response.result).toBe(value);
  });

  it('takes the seq the line has, not the one that was due', () => {
    expect(decodeRunLine('{"seq": 4, "result": {}}', 3)).toMatchObject({ seq: 4 });
    expect(decodeRunLine('{"seq": "4", "result": {}}', 4)).toMatchObject({ seq: '4' });
  });
});
