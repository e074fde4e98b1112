import type { OpName } from '../serve/ops/index.js';
import type { OpComparator } from './opComparator.js';

/**
 * How each op's results compare beyond the lossless default (one entry per op, added by the
 * area that owns the op). Each area's comparator loads with the first case of its op, so a run
 * of one area loads only that area's code.
 */
const loaders: Partial<Record<OpName, () => Promise<OpComparator>>> = {
  derive_schema: async () => {
    const [{ makeSchemaTextComparator }, { instancesForCase }] = await Promise.all([import('../areas/schema/compareSchemaText.js'), import('../areas/schema/caseInstances.js')]);
    return { fields: { input_schema: makeSchemaTextComparator(instancesForCase) } };
  },
  build_plan: async () => ({ fields: { plan: (await import('../areas/plan/comparePlanText.js')).comparePlanText } }),
  load_plan: async () => ({ fields: { plan: (await import('../areas/plan/comparePlanText.js')).compareUnchangedPlanText } }),
  normalize: async () => (await import('../areas/normalize/normalizeComparator.js')).normalizeComparator,
  render_content: async () => (await import('../areas/normalize/normalizeComparator.js')).normalizeComparator,
  run_internal: async () => (await import('../areas/internal/internalComparator.js')).internalComparator,
};

const loaded = new Map<OpName, Promise<OpComparator>>();

/** The comparator of an op's results, or undefined for an op compared by the lossless default alone. */
export const opComparator = async (op: OpName): Promise<OpComparator | undefined> => {
  const load = loaders[op];
  if (load === undefined) return undefined;
  let comparator = loaded.get(op);
  if (comparator === undefined) {
    comparator = load();
    loaded.set(op, comparator);
  }
  return await comparator;
};
