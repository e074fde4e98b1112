// Every message as one line, written by the Python-exact writer so that both languages print alike.
import type { PyJson } from '../../src/json/pyJson.js';
import { writePyJson } from '../../src/json/writePyJson.js';
import type { ProtocolCase } from '../serve/ops/index.js';
import { pyObject } from '../util/pyObject.js';
import { PROTOCOL_VERSION, type ErrorContext, type ImplementationInfo, type Seq } from './messages.js';

/** An answer as one line, as Python's `json.dumps` writes it: answers are compared by their text. */
export const encodeMessage = (value: PyJson): string => writePyJson(value);

/**
 * A request as one line, in UTF-8 without `ensure_ascii`: requests are only read, never compared
 * as text, and escaping every non-ASCII character of a drawn value costs the fuzzers dearly.
 */
export const encodeRequest = (value: PyJson): string => writePyJson(value, { ensureAscii: false });

export const encodeStart = (): string => encodeRequest(pyObject([['cmd', 'start'], ['version', PROTOCOL_VERSION]]));
export const encodeStop = (): string => encodeRequest(pyObject([['cmd', 'stop']]));

/**
 * How a `run` request carries its case's declaration under feature `declaration_key`: with the
 * declaration and its key (`inline`), or with the key alone. Undefined: as the case has it.
 */
export interface DeclarationForm {
  readonly key: string;
  readonly inline: boolean;
}

/** A `run` request as a value (validated before it is written); `runLine` writes the same text faster. */
export const runRequest = (seq: Seq, testCase: ProtocolCase, form?: DeclarationForm): PyJson =>
  pyObject([
    ['cmd', 'run'],
    ['seq', seq],
    [
      'case',
      pyObject([
        ['id', testCase.id],
        ['op', testCase.op],
        ['declaration', form === undefined || form.inline ? testCase.declaration : undefined],
        ['declaration_key', form?.key],
        ['input', testCase.input],
      ]),
    ],
  ]);

export const encodeStarted = (info: ImplementationInfo): string =>
  encodeMessage(
    pyObject([
      ['version', PROTOCOL_VERSION],
      [
        'implementation',
        pyObject([
          ['name', info.name],
          ['language', info.language],
          ['version', info.version],
          ['language_version', info.language_version],
          ['ops', [...info.ops]],
          ['features', info.features === undefined ? undefined : [...info.features]],
        ]),
      ],
    ]),
  );

export const encodeResult = (seq: Seq, result: PyJson): string => encodeMessage(pyObject([['seq', seq], ['result', result]]));
export const encodeSkipped = (seq: Seq, reason: string): string =>
  encodeMessage(pyObject([['seq', seq], ['skipped', true], ['reason', reason]]));
export const encodeErrored = (seq: Seq, context: ErrorContext): string =>
  encodeMessage(
    pyObject([
      ['seq', seq],
      ['errored', true],
      [
        'context',
        pyObject([
          ['message', context.message],
          ['traceback', context.traceback],
          ['stderr', context.stderr],
        ]),
      ],
    ]),
  );

