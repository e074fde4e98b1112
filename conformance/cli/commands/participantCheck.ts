import { checkParticipant } from '../../check/checkParticipant.js';
import { DEFAULT_START_TIMEOUT_MS, DEFAULT_TIMEOUT_MS } from '../../clients/participant.js';
import { participantCommandLine } from '../../clients/openParticipant.js';
import { EXIT, UsageError } from '../command.js';
import { parseOptions, readMilliseconds } from '../parseOptions.js';

/** `participant check SPEC`: prints each check as it is decided, exits 0 when all pass, 3 when one fails. */
export const runCheck = async (argv: readonly string[], help: string): Promise<number> => {
  const { values, positionals } = parseOptions(argv, { timeout: { type: 'string' }, 'start-timeout': { type: 'string' } }, true);
  if (positionals.length !== 1) throw new UsageError(`participant check takes one participant (a command line in one argument)\n${help.split('\n')[1]!}`);
  const spec = positionals[0]!;
  const command = participantCommandLine(spec);
  const options = {
    timeoutMs: readMilliseconds('timeout', values.timeout) ?? DEFAULT_TIMEOUT_MS,
    startTimeoutMs: readMilliseconds('start-timeout', values['start-timeout']) ?? DEFAULT_START_TIMEOUT_MS,
  };
  process.stdout.write(`participant check: ${spec}\n`);
  const outcomes = await checkParticipant(command, options, (outcome) =>
    process.stdout.write(`${outcome.ok ? 'ok  ' : 'FAIL'}  ${outcome.check}: ${outcome.detail}\n`),
  );
  const failed = outcomes.filter((outcome) => !outcome.ok).length;
  if (failed === 0) {
    process.stdout.write(`exit 0: all ${outcomes.length} checks passed\n`);
    return EXIT.parity;
  }
  process.stdout.write(`exit 3: ${failed} of ${outcomes.length} checks failed\n`);
  return EXIT.participantFailed;
};
