import { pythonParticipantCommand, tsParticipantThread } from '../clients/participantCommands.js';
import type { Participant, ParticipantOptions } from '../clients/participant.js';
import { ParticipantPool } from '../clients/participantPool.js';
import { ProcessParticipant } from '../clients/processParticipant.js';
import type { FuzzParticipant } from './runFuzz.js';

/** Requests a process participant may have in flight: enough work to last while the harness does its share. */
export const FUZZ_WINDOW = 256;

/**
 * `ts` as a pool of `jobs`: the in-process participant in direct mode (which writes no request
 * text) and `jobs - 1` worker threads. Sent ahead, the in-process member answers its share as a
 * batch is drawn, while the threads work on theirs.
 */
const tsPool = (inProcess: Participant, options: ParticipantOptions, jobs: number): Participant =>
  new ParticipantPool([inProcess, ...Array.from({ length: jobs - 1 }, () => new ProcessParticipant(tsParticipantThread(), 'ts', { name: 'ts', ...options }))]);

/** The participants `fuzz` drives unless `--only` says otherwise. */
export const DEFAULT_FUZZ_PARTICIPANTS = ['ts', 'python'] as const;

/**
 * Opens the participants of a fuzz run from their specs (as `conformance` takes them): `ts` is
 * the in-process TypeScript participant in direct mode (a case it would read back unchanged is
 * handed over as it is); `python`, `ts-process` and command lines are long-lived processes with a
 * window wide enough that they never wait for the harness. Every process is started at once, and
 * the Python reference before the TypeScript runtime is loaded, so that their start-up runs while
 * it loads; a failed start shows at `start()`.
 *
 * With `jobs` above 1 each participant is a pool of that many (`--jobs`), `ts` on worker threads,
 * which then work beside the harness as processes do. Draw k goes to member k mod `jobs`, so a
 * seed's draws, its first failure and its shrinking are the same for any `jobs`.
 */
export const openFuzzParticipants = async (specs: readonly string[] = DEFAULT_FUZZ_PARTICIPANTS, options: ParticipantOptions = {}, jobs = 1): Promise<FuzzParticipant[]> => {
  const processOptions: ParticipantOptions = { window: FUZZ_WINDOW, ...options };
  const python = (): Participant => new ProcessParticipant(pythonParticipantCommand(), 'python', { name: 'python', ...processOptions });
  const early = new Map<number, FuzzParticipant>();
  specs.forEach((spec, i) => {
    if (spec === 'python') early.set(i, { participant: jobs > 1 ? new ParticipantPool(Array.from({ length: jobs }, python)) : python(), ahead: true });
  });
  for (const p of early.values()) p.participant.start().catch(() => undefined);
  const { openParticipant, openPooledParticipant } = await import('../clients/openParticipant.js');
  return specs.map((spec, i) => {
    const opened = early.get(i);
    if (opened !== undefined) return opened;
    if (spec === 'ts' && jobs === 1) return { participant: openParticipant('ts', { direct: true, ...options }), ahead: false };
    const participant = spec === 'ts' ? tsPool(openParticipant('ts', { direct: true, ...options }), processOptions, jobs) : openPooledParticipant(spec, processOptions, jobs);
    participant.start().catch(() => undefined);
    return { participant, ahead: true };
  });
};
