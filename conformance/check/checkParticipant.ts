import type { PyJson } from '../../src/json/pyJson.js';
import { writePyJson } from '../../src/json/writePyJson.js';
import type { CommandLine, ExitInfo } from '../clients/participantProcess.js';
import { decodeStarted, parseMessage, preview } from '../protocol/decode.js';
import { encodeRequest, encodeStart, encodeStop, runRequest } from '../protocol/encode.js';
import type { ImplementationInfo, Seq } from '../protocol/messages.js';
import { protocolValidator } from '../protocol/validateProtocol.js';
import type { ProtocolCase } from '../serve/ops/index.js';
import { getField, isPyObject, pyObject } from '../util/pyObject.js';
import { LineChannel } from './lineChannel.js';
import { sampleCases } from './sampleCases.js';

export interface CheckOptions {
  /** How long `start` may take (ms): a participant pays for its imports there. */
  readonly startTimeoutMs: number;
  /** How long any other answer, and the exit after `stop`, may take (ms). */
  readonly timeoutMs: number;
}

/** One check of the smoke test: passed or failed, and what was seen. */
export interface CheckOutcome {
  readonly check: string;
  readonly ok: boolean;
  readonly detail: string;
}

/** A failure after which the stream is out of step (or gone), so that no later check can run. */
class Broken extends Error {}

const exitText = (info: ExitInfo): string =>
  info.spawnError !== undefined ? `could not be started (${info.spawnError})` : info.signal !== undefined ? `was killed by ${info.signal}` : `exited with status ${info.exitCode ?? '?'}`;

/**
 * Smoke-tests a participant as Bowtie's `smoke` does: the handshake, each op it lists on a sample
 * case, a malformed request (must be answered `errored`), an unknown op (must be `skipped`), and
 * `stop` (must end the process). One request is in flight at a time and every wait is bounded, so
 * a crash, a hang, a wrong `seq` or a line that is not JSON is named at the request that met it;
 * after one of those no further check runs. `report` hears each outcome as it is decided.
 */
export const checkParticipant = async (command: CommandLine, options: CheckOptions, report: (outcome: CheckOutcome) => void): Promise<CheckOutcome[]> => {
  const outcomes: CheckOutcome[] = [];
  const note = (check: string, ok: boolean, detail: string): void => {
    const outcome = { check, ok, detail };
    outcomes.push(outcome);
    report(outcome);
  };
  const channel = new LineChannel(command);
  const validator = protocolValidator();
  const stderrTail = (): string => {
    const text = channel.process.stderr.text().trim();
    return text === '' ? '' : `; stderr: ${text.slice(-400)}`;
  };

  /** The next message, which must be an answer to `seq` (or the start reply, for undefined). */
  const answer = async (check: string, seq: Seq | undefined, ms: number): Promise<PyJson> => {
    const next = await channel.next(ms);
    const fail = (detail: string): never => {
      note(check, false, detail);
      throw new Broken(detail);
    };
    if ('timeout' in next) return fail(`no answer within ${next.timeout} ms (a hang)${stderrTail()}`);
    if ('exit' in next) return fail(`the process ${exitText(next.exit)} before answering (a crash)${stderrTail()}`);
    let message: PyJson;
    try {
      message = parseMessage(next.line);
    } catch {
      return fail(`wrote a line that is not JSON on stdout (stdout carries answers only): ${preview(next.line, 120)}`);
    }
    if (seq !== undefined) {
      const got = isPyObject(message) ? getField(message, 'seq') : undefined;
      if (got !== seq) fail(`answered seq ${JSON.stringify(got ?? null)} to the request with seq ${JSON.stringify(seq)}`);
    }
    return message;
  };

  try {
    channel.send(encodeStart());
    const started = await answer('start', undefined, options.startTimeoutMs);
    let info: ImplementationInfo;
    try {
      info = decodeStarted(started, writePyJson(started));
    } catch (error) {
      note('start', false, (error as Error).message);
      throw new Broken('no start');
    }
    const violation = validator.response(started);
    note('start', violation === undefined, violation ?? `${info.name} ${info.version} (${info.language}), ops: ${info.ops.join(', ') || 'none'}`);

    const samples = sampleCases();
    let seq = 0;
    for (const op of info.ops) {
      const sample = samples.get(op)!;
      seq += 1;
      channel.send(encodeRequest(runRequest(seq, sample)));
      const message = await answer(op, seq, options.timeoutMs);
      note(op, ...judgeRun(message, sample, validator.response(message, op)));
    }

    const malformed: Seq = 'check-malformed';
    channel.send(encodeRequest(pyObject([['cmd', 'run'], ['seq', malformed], ['case', 'not a case']])));
    const refused = await answer('malformed request', malformed, options.timeoutMs);
    const errored = isPyObject(refused) && getField(refused, 'errored') === true;
    note('malformed request', errored, errored ? 'answered errored' : `must be answered errored, was answered ${preview(writePyJson(refused), 120)}`);

    const unknown: Seq = 'check-unknown-op';
    channel.send(encodeRequest(pyObject([['cmd', 'run'], ['seq', unknown], ['case', pyObject([['id', 'check/unknown-op'], ['op', 'no_such_op']])]])));
    const skipped = await answer('unknown op', unknown, options.timeoutMs);
    const wasSkipped = isPyObject(skipped) && getField(skipped, 'skipped') === true;
    note('unknown op', wasSkipped, wasSkipped ? 'answered skipped' : `must be answered skipped, was answered ${preview(writePyJson(skipped), 120)}`);

    channel.send(encodeStop());
    const after = await channel.next(options.timeoutMs);
    if ('line' in after) note('stop', false, `wrote after stop, where nothing is due: ${preview(after.line, 120)}`);
    else if ('timeout' in after) note('stop', false, `still running ${after.timeout} ms after stop`);
    else if (after.exit.exitCode !== 0) note('stop', false, `the process ${exitText(after.exit)} after stop, not with status 0${stderrTail()}`);
    else note('stop', true, 'exited with status 0');
  } catch (error) {
    if (!(error instanceof Broken)) throw error;
  } finally {
    await channel.close();
  }
  return outcomes;
};

/** Whether a sample case's answer passes: a result of the op's shape, or a skip; never errored. */
const judgeRun = (message: PyJson, sample: ProtocolCase, violation: string | undefined): [boolean, string] => {
  if (violation !== undefined) return [false, violation];
  if (!isPyObject(message)) return [false, 'the answer is not a JSON object'];
  if (getField(message, 'errored') === true) {
    const context = getField(message, 'context');
    const why = isPyObject(context) ? getField(context, 'message') : undefined;
    return [false, `answered errored on the sample case ${sample.id}: ${typeof why === 'string' ? why.slice(0, 300) : '?'}`];
  }
  if (getField(message, 'skipped') === true) return [true, `skipped the sample case ${sample.id}: ${String(getField(message, 'reason'))}`];
  return [true, `a result for ${sample.id}`];
};
