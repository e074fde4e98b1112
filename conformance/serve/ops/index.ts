import type { PyJson } from '../../../src/json/pyJson.js';
import { openChatModel } from './chat.js';
import { dispatch } from './dispatch.js';
import { normalizeOp, renderContentOp } from './normalize.js';
import { buildPlanOp, loadPlanOp } from './plan.js';
import { runAgent } from './runAgent.js';
import { runInternal } from './runInternal.js';
import { deriveSchema } from './schema.js';

/** The operations a participant may offer (`conformance/protocol.schema.json#/$defs/op`). */
export type OpName =
  | 'derive_schema'
  | 'normalize'
  | 'render_content'
  | 'open_chat_model'
  | 'dispatch'
  | 'build_plan'
  | 'load_plan'
  | 'run_agent'
  | 'run_internal';

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
  open_chat_model: openChatModel,
  dispatch,
  run_agent: runAgent,
  run_internal: runInternal,
  build_plan: buildPlanOp,
  load_plan: loadPlanOp,
};
