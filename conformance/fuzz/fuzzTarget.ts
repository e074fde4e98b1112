import type { Arbitrary } from 'fast-check';
import type { Sides } from '../compare/diffValues.js';
import type { CaseVerdict } from '../compare/judgeOutcome.js';
import type { ProtocolCase } from '../serve/ops/index.js';
import type { ParticipantOutcome } from '../clients/participant.js';

/**
 * What `agentparity fuzz <name>` draws and checks: values from `arbitrary`, each turned into a
 * protocol case, run on every participant, and judged by `compare`, the reference's outcome
 * against each other participant's. Anything but `identical` or `equivalent` is a failure, which
 * fast-check then shrinks.
 */
export interface FuzzTarget<T> {
  readonly name: string;
  /** One line for the usage text. */
  readonly summary: string;
  /** The fixture area a saved counterexample belongs to (`fixtures/<area>/`). */
  readonly area: string;
  readonly arbitrary: Arbitrary<T>;
  toCase(value: T): ProtocolCase;
  /** `sides.left` names the reference, `sides.right` the participant compared with it. */
  compare(reference: ParticipantOutcome, other: ParticipantOutcome, value: T, sides: Sides): CaseVerdict | Promise<CaseVerdict>;
}
