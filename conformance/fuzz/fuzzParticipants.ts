import { pythonParticipantCommand } from '../clients/participantCommands.js';
import { ProcessParticipant } from '../clients/processParticipant.js';
import type { FuzzParticipants } from './runFuzz.js';

/** Requests the Python participant may have in flight: enough work to last while the harness does its share. */
export const FUZZ_PYTHON_WINDOW = 256;

/**
 * The two participants a fuzz run drives: the long-lived Python participant with a window wide
 * enough that it never waits for the harness, and the in-process TypeScript participant in direct
 * mode (a case it would read back unchanged is handed over as it is). Python is spawned first, so
 * that its start-up runs while the TypeScript runtime loads; a failed start shows at `start()`.
 */
export const openFuzzParticipants = async (): Promise<FuzzParticipants> => {
  const python = new ProcessParticipant(pythonParticipantCommand(), 'python', { name: 'python', window: FUZZ_PYTHON_WINDOW });
  python.start().catch(() => undefined);
  const { InProcessParticipant } = await import('../clients/inProcessParticipant.js');
  return { ts: new InProcessParticipant({ direct: true }), python };
};
