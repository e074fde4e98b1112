import { releaseEarly, startPythonEarly } from '../../clients/earlyParticipants.js';
import { readConformanceOptions, runParticipantOptions } from '../conformanceOptions.js';

/**
 * What `conformance` starts before its module loads: the Python participant, when the run will
 * use it, so that it imports pydantic while the harness loads the runtime and the fixtures.
 * Options the command would refuse start nothing: the command itself reports them.
 */
export const prepareConformance = (argv: readonly string[]): (() => Promise<void>) => {
  try {
    const options = readConformanceOptions(argv);
    if (!options.help && !options.list && options.participants.includes('python')) startPythonEarly(runParticipantOptions(options));
  } catch {
    // Reported by the command, which reads the options again.
  }
  return releaseEarly;
};
