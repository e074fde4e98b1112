// A `run` request line, written from parts that are written once per case and once per
// declaration: the fuzz driver sends every case to two participants, and typed cases share a
// few declarations, so writing each part again is most of what sending costs.
import type { PyJson } from '../../src/json/pyJson.js';
import { writePyJson, writePyString } from '../../src/json/writePyJson.js';
import type { ProtocolCase } from '../participant/ops/index.js';
import type { DeclarationForm } from './encode.js';
import type { Seq } from './messages.js';

interface CaseTexts {
  /** `{"id": ..., "op": ...`, the case object left open. */
  readonly head: string;
  readonly declaration: string | undefined;
  readonly input: string | undefined;
}

// Requests are UTF-8 (see `encodeRequest`).
const UTF8 = { ensureAscii: false } as const;

const caseTexts = new WeakMap<ProtocolCase, CaseTexts>();
const declarationTexts = new WeakMap<object, string>();

const declarationText = (declaration: PyJson): string => {
  if (typeof declaration !== 'object' || declaration === null) return writePyJson(declaration, UTF8);
  let text = declarationTexts.get(declaration);
  if (text === undefined) {
    text = writePyJson(declaration, UTF8);
    declarationTexts.set(declaration, text);
  }
  return text;
};

/**
 * The written parts of a case, kept for as long as the case object lives. A case is read-only:
 * once sent, it is never changed. Throws what `writePyJson` throws for a value it cannot write.
 */
const textsOf = (testCase: ProtocolCase): CaseTexts => {
  let texts = caseTexts.get(testCase);
  if (texts === undefined) {
    texts = {
      head: `{"id": ${writePyString(testCase.id, false)}, "op": ${writePyString(testCase.op, false)}`,
      declaration: testCase.declaration === undefined ? undefined : declarationText(testCase.declaration),
      input: testCase.input === undefined ? undefined : writePyJson(testCase.input, UTF8),
    };
    caseTexts.set(testCase, texts);
  }
  return texts;
};

/** Writes the parts of a case ahead of sending, so that a case that cannot be written is found before. */
export const prepareCase = (testCase: ProtocolCase): void => {
  textsOf(testCase);
};

/** The line `encodeRequest(runRequest(seq, testCase, form))` writes, byte for byte. */
export const runLine = (seq: Seq, testCase: ProtocolCase, form?: DeclarationForm): string => {
  const texts = textsOf(testCase);
  let line = `{"cmd": "run", "seq": ${writePyJson(seq, UTF8)}, "case": ${texts.head}`;
  if (texts.declaration !== undefined && (form === undefined || form.inline)) line += `, "declaration": ${texts.declaration}`;
  if (form !== undefined) line += `, "declaration_key": ${writePyString(form.key, false)}`;
  if (texts.input !== undefined) line += `, "input": ${texts.input}`;
  return `${line}}}`;
};
