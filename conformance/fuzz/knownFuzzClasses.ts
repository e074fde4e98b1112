import type { PyJson } from '../../src/json/pyJson.js';
import type { ParticipantOutcome } from '../clients/participant.js';
import type { FuzzKnownEntry } from '../report/report.js';
import { getField, isPyObject } from '../util/pyObject.js';

/** The kind of the error a participant's result reports (`{"error": {"kind": ...}}`), if any. */
const errorKindOf = (outcome: ParticipantOutcome): string | undefined => {
  if (outcome.status !== 'result' || !isPyObject(outcome.result)) return undefined;
  const error: PyJson | undefined = getField(outcome.result, 'error');
  const kind = error !== undefined && isPyObject(error) ? getField(error, 'kind') : undefined;
  return typeof kind === 'string' ? kind : undefined;
};

/**
 * For each participant compared with the reference, the entry (if any) that makes a divergence
 * of its known: drawn cases have no ids, so an entry names a class of them by the error kind the
 * participant answers. Only divergences are excused, never an errored or unchecked case.
 */
export const knownClassesFor = (
  entries: readonly FuzzKnownEntry[],
  target: string,
  participants: readonly string[],
): ((j: number, outcome: ParticipantOutcome) => FuzzKnownEntry | undefined) => {
  const byParticipant = participants.map((name) => entries.filter((e) => e.fuzz === target && e.participant === name));
  return (j, outcome) => {
    const listed = byParticipant[j]!;
    if (listed.length === 0) return undefined;
    const kind = errorKindOf(outcome);
    return kind === undefined ? undefined : listed.find((e) => e.answers === kind);
  };
};
