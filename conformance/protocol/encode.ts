// Every message as one line, written by the Python-exact writer so that both languages print alike.
import type { PyJson } from '../../src/json/pyJson.js';
import { writePyJson } from '../../src/json/writePyJson.js';
import type { ProtocolCase } from '../participant/ops/index.js';
import { pyObject } from '../util/pyObject.js';
import { PROTOCOL_VERSION, type ErrorContext, type ImplementationInfo, type Seq } from './messages.js';

/** A message as one line. */
export const encodeMessage = (value: PyJson): string => writePyJson(value);

export const encodeStart = (): string => encodeMessage(pyObject([['cmd', 'start'], ['version', PROTOCOL_VERSION]]));
export const encodeStop = (): string => encodeMessage(pyObject([['cmd', 'stop']]));

/** A `run` request as a value (validated before it is written). */
export const runRequest = (seq: Seq, testCase: ProtocolCase): PyJson =>
  pyObject([
    ['cmd', 'run'],
    ['seq', seq],
    [
      'case',
      pyObject([
        ['id', testCase.id],
        ['op', testCase.op],
        ['declaration', testCase.declaration],
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

