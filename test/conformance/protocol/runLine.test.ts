import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PyJson } from '../../../src/json/pyJson.js';
import { encodeRequest, runRequest, type DeclarationForm } from '../../../conformance/protocol/encode.js';
import { runLine, writeCase } from '../../../conformance/protocol/runLine.js';
import type { ProtocolCase } from '../../../conformance/serve/ops/index.js';
import { pyJsonArbitrary } from '../../helpers/pyJsonArbitrary.js';

const writable = pyJsonArbitrary.filter((value) => {
  try {
    encodeRequest(value);
    return true;
  } catch {
    return false;
  }
});

const caseArbitrary: fc.Arbitrary<ProtocolCase> = fc.record(
  {
    id: fc.string({ unit: 'binary', minLength: 1, maxLength: 8 }),
    op: fc.constantFrom('normalize', 'derive_schema') as fc.Arbitrary<ProtocolCase['op']>,
    declaration: fc.oneof(writable, fc.constant(null)),
    input: writable,
  },
  { requiredKeys: ['id', 'op'] },
);

const formArbitrary: fc.Arbitrary<DeclarationForm | undefined> = fc.option(fc.record({ key: fc.string({ unit: 'binary', minLength: 1, maxLength: 4 }), inline: fc.boolean() }), { nil: undefined });

describe('protocol/runLine', () => {
  it('writes, byte for byte, what the writer writes for the request, in every declaration form', () => {
    fc.assert(
      fc.property(fc.oneof(fc.nat(), fc.string({ unit: 'binary', maxLength: 4 })), caseArbitrary, formArbitrary, (seq, testCase, form) => {
        const form_ = testCase.declaration === undefined ? undefined : form;
        const texts = writeCase(testCase);
        expect(runLine(seq, texts, form_)).toBe(encodeRequest(runRequest(seq, testCase, form_)));
        // Written once, the parts serve every later line, whatever its seq.
        expect(runLine(7, texts, form_)).toBe(encodeRequest(runRequest(7, testCase, form_)));
      }),
      { numRuns: 500 },
    );
  });

  it('writes non-ASCII text as it is (UTF-8) and a lone surrogate as an escape', () => {
    const testCase: ProtocolCase = { id: 'é', op: 'normalize', input: new Map<string, PyJson>([['value', ['日本', '😀', '\ud800']]]) };
    expect(runLine(1, writeCase(testCase))).toBe('{"cmd": "run", "seq": 1, "case": {"id": "é", "op": "normalize", "input": {"value": ["日本", "😀", "\\ud800"]}}}');
  });

  it('carries the declaration with its key, or the key alone', () => {
    const testCase: ProtocolCase = { id: 'a/b/c', op: 'normalize', declaration: new Map<string, PyJson>([['format', 'f']]), input: new Map<string, PyJson>([['value', 1]]) };
    expect(runLine(1, writeCase(testCase))).toBe('{"cmd": "run", "seq": 1, "case": {"id": "a/b/c", "op": "normalize", "declaration": {"format": "f"}, "input": {"value": 1}}}');
    expect(runLine(2, writeCase(testCase), { key: 'd1', inline: true })).toBe(
      '{"cmd": "run", "seq": 2, "case": {"id": "a/b/c", "op": "normalize", "declaration": {"format": "f"}, "declaration_key": "d1", "input": {"value": 1}}}',
    );
    expect(runLine(3, writeCase(testCase), { key: 'd1', inline: false })).toBe('{"cmd": "run", "seq": 3, "case": {"id": "a/b/c", "op": "normalize", "declaration_key": "d1", "input": {"value": 1}}}');
  });

  it('refuses to write a case it cannot write', () => {
    expect(() => writeCase({ id: 'a/b/c', op: 'normalize', input: [undefined] as unknown as PyJson })).toThrow('Object of type undefined is not JSON serializable');
  });
});
