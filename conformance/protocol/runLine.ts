// A `run` request line, written from parts that are written once per case (a restarted process
// is sent them again) and once per declaration: typed cases share a few declarations, so writing
// each part again would be most of what sending costs.
import type { PyJson } from '../../src/json/pyJson.js';
import { writePyJson, writePyString } from '../../src/json/writePyJson.js';
import type { ProtocolCase } from '../serve/ops/index.js';
import type { DeclarationForm } from './encode.js';
import type { Seq } from './messages.js';

/** A case written out, ready for any number of `run` lines. */
export interface CaseTexts {
  /** `{"id": ..., "op": ...`, the case object left open. */
  readonly head: string;
  readonly declaration: string | undefined;
  readonly input: string | undefined;
}

// Requests are UTF-8 (see `encodeRequest`).
const UTF8 = { ensureAscii: false } as const;

// Keyed by declaration, which lives as long as the run that draws it. Per-case texts are not kept
// here: a long-lived table that points at young objects keeps them alive past the young
// generation's collections, which a fuzzing run pays for at every case.
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

/** Writes the parts of a case's `run` line. Throws what `writePyJson` throws for a value it cannot write. */
export const writeCase = (testCase: ProtocolCase): CaseTexts => ({
  head: `{"id": ${writePyString(testCase.id, false)}, "op": ${writePyString(testCase.op, false)}`,
  declaration: testCase.declaration === undefined ? undefined : declarationText(testCase.declaration),
  input: testCase.input === undefined ? undefined : writePyJson(testCase.input, UTF8),
});

/** The line `encodeRequest(runRequest(seq, testCase, form))` writes, byte for byte, from `writeCase(testCase)`. */
export const runLine = (seq: Seq, texts: CaseTexts, form?: DeclarationForm): string => {
  let line = `{"cmd": "run", "seq": ${writePyJson(seq, UTF8)}, "case": ${texts.head}`;
  if (texts.declaration !== undefined && (form === undefined || form.inline)) line += `, "declaration": ${texts.declaration}`;
  if (form !== undefined) line += `, "declaration_key": ${writePyString(form.key, false)}`;
  if (texts.input !== undefined) line += `, "input": ${texts.input}`;
  return `${line}}}`;
};
