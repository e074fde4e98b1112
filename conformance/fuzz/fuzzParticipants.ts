import { openParticipant } from '../participants/openParticipant.js';
import type { FuzzParticipants } from './runFuzz.js';

/** Requests the Python participant may have in flight: enough work to last while the harness does its share. */
export const FUZZ_PYTHON_WINDOW = 256;

/**
 * The two participants a fuzz run drives: the in-process TypeScript participant in direct mode
 * (a case it would read back unchanged is handed over as it is), and the long-lived Python
 * participant with a window wide enough that it never waits for the harness.
 */
export const openFuzzParticipants = (): FuzzParticipants => ({
  ts: openParticipant('ts', { direct: true }),
  python: openParticipant('python', { window: FUZZ_PYTHON_WINDOW }),
});
