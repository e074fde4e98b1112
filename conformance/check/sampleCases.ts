import { join } from 'node:path';
import { loadFixtures } from '../fixtures/loadFixtures.js';
import { packageRoot } from '../packageRoot.js';
import type { OpName, ProtocolCase } from '../serve/ops/index.js';

// A plain case of each op among the bundled fixtures: one every implementation of the op should
// answer with a result.
const SAMPLE_IDS: Readonly<Record<OpName, string>> = {
  derive_schema: 'schema/basics/review',
  normalize: 'normalize/upstream/nested-containers-become-plain',
  render_content: 'normalize/render/string',
  open_chat_model: 'callables/open/subagents-after-tools',
  dispatch: 'dispatch/tools/return-values',
  run_agent: 'run_agent/delegation/two-subagents-and-a-tool',
  run_internal: 'internal/calls/accumulated-output',
  build_plan: 'plan/upstream/single-agent',
  load_plan: 'plan/load/java-agent-plan',
};

/** The sample case of each op, as a participant receives it (the expectation left out). */
export const sampleCases = (): ReadonlyMap<OpName, ProtocolCase> => {
  const { cases } = loadFixtures(join(packageRoot(), 'fixtures'), Object.values(SAMPLE_IDS));
  const byId = new Map(cases.map((c) => [c.id, c]));
  const samples = new Map<OpName, ProtocolCase>();
  for (const [op, id] of Object.entries(SAMPLE_IDS) as [OpName, string][]) {
    const found = byId.get(id);
    if (found === undefined || found.op !== op) throw new Error(`the sample case ${id} of op ${op} is missing from the bundled fixtures`);
    samples.set(op, { id, op, ...(found.declaration === undefined ? {} : { declaration: found.declaration }), ...(found.input === undefined ? {} : { input: found.input }) });
  }
  return samples;
};
