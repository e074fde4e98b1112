import type { PyJson } from '../../../src/json/pyJson.js';
import { deriveSchema } from './schema.js';
import { normalizeOp, renderContentOp } from './normalize.js';

/** The operations a participant may offer (`conformance/protocol.schema.json#/$defs/op`). */
export type OpName =
  | 'derive_schema'
  | 'normalize'
  | 'render_content'
  | 'open_chat_model'
  | 'dispatch'
  | 'build_plan'
  | 'load_plan'
  | 'run_agent';

/** A case as a participant receives it: parsed losslessly (objects are Maps, whole floats PyFloat). */
export interface ProtocolCase {
  readonly id: string;
  readonly op: OpName;
  readonly declaration?: PyJson;
  readonly input?: PyJson;
}

/** What an op answers: a result, or a reason it does not run this case. */
export type OpOutcome = { readonly result: PyJson } | { readonly skipped: string };

export type OpHandler = (testCase: ProtocolCase) => OpOutcome | Promise<OpOutcome>;

/** The TypeScript participant's operations, one module per area. */
export const tsOps: Partial<Record<OpName, OpHandler>> = {
  derive_schema: deriveSchema,
  normalize: normalizeOp,
  render_content: renderContentOp,
};
