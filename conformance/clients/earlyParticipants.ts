import type { Participant, ParticipantOptions } from './participant.js';
import { pythonParticipantCommand } from './participantCommands.js';
import { ProcessParticipant } from './processParticipant.js';

// Python participants spawned before the harness loads the runtime and the fixtures, so that
// their start-up (Python importing pydantic) runs meanwhile; the run then claims them.
const waiting: { readonly options: string; readonly participant: ProcessParticipant }[] = [];

// Options compared as written: a claim with other options gets a participant of its own.
const keyOf = (options: ParticipantOptions): string => JSON.stringify(Object.entries(options).sort(([a], [b]) => a.localeCompare(b)));

/** Spawns the Python participant and starts it, for `claimPython` to hand out later. */
export const startPythonEarly = (options: ParticipantOptions): void => {
  const participant = new ProcessParticipant(pythonParticipantCommand(), 'python', { name: 'python', ...options });
  participant.start().catch(() => undefined);
  waiting.push({ options: keyOf(options), participant });
};

/** A Python participant started early with these options, if one waits; each is handed out once. */
export const claimPython = (options: ParticipantOptions): Participant | undefined => {
  const index = waiting.findIndex((early) => early.options === keyOf(options));
  return index < 0 ? undefined : waiting.splice(index, 1)[0]!.participant;
};

/** Stops the participants no run claimed (a run that ended before its first case). */
export const releaseEarly = async (): Promise<void> => {
  await Promise.all(waiting.splice(0).map((early) => early.participant.stop()));
};
