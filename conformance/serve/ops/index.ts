import type { PyJson } from '../../../src/json/pyJson.js';

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

/**
 * An op whose module loads when its first case comes: a run of one area loads only that area's
 * code (the runtime, for most). Once loaded, a case is answered as the op answers it, at once
 * when the op is synchronous.
 */
const lazyOp = (load: () => Promise<OpHandler>): OpHandler => {
  let handler: OpHandler | undefined;
  let loading: Promise<OpHandler> | undefined;
  return (testCase) => {
    if (handler !== undefined) return handler(testCase);
    loading ??= load().then((loaded) => (handler = loaded));
    return loading.then((loaded) => loaded(testCase));
  };
};

/** The TypeScript participant's operations, one module per area. */
export const tsOps: Partial<Record<OpName, OpHandler>> = {
  derive_schema: lazyOp(async () => (await import('./schema.js')).deriveSchema),
  normalize: lazyOp(async () => (await import('./normalize.js')).normalizeOp),
  render_content: lazyOp(async () => (await import('./normalize.js')).renderContentOp),
  open_chat_model: lazyOp(async () => (await import('./chat.js')).openChatModel),
  dispatch: lazyOp(async () => (await import('./dispatch.js')).dispatch),
  run_agent: lazyOp(async () => (await import('./runAgent.js')).runAgent),
  run_internal: lazyOp(async () => (await import('./runInternal.js')).runInternal),
  build_plan: lazyOp(async () => (await import('./plan.js')).buildPlanOp),
  load_plan: lazyOp(async () => (await import('./plan.js')).loadPlanOp),
};
