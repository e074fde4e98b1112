import type { OpName } from '../serve/ops/index.js';
import type { OpComparator } from './opComparator.js';
import { internalComparator } from '../areas/internal/internalComparator.js';
import { normalizeComparator } from '../areas/normalize/normalizeComparator.js';
import { comparePlanText, compareUnchangedPlanText } from '../areas/plan/comparePlanText.js';
import { instancesForCase } from '../areas/schema/caseInstances.js';
import { makeSchemaTextComparator } from '../areas/schema/compareSchemaText.js';

/**
 * How each op's results compare beyond the lossless default (one entry per op, added by the
 * area that owns the op).
 */
export const opComparators: Partial<Record<OpName, OpComparator>> = {
  derive_schema: { fields: { input_schema: makeSchemaTextComparator(instancesForCase) } },
  build_plan: { fields: { plan: comparePlanText } },
  load_plan: { fields: { plan: compareUnchangedPlanText } },
  normalize: normalizeComparator,
  render_content: normalizeComparator,
  run_internal: internalComparator,
};
