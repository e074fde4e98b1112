import type { Sides } from '../../compare/diffValues.js';
import { judgeOutcome, type CaseVerdict } from '../../compare/judgeOutcome.js';
import type { FixtureCase } from '../../fixtures/fixtureCase.js';
import type { ParticipantOutcome } from '../../clients/participant.js';
import type { FuzzTarget } from '../../fuzz/fuzzTarget.js';
import { treeCase, treeDraws, type TreeDraw } from './treeArbitrary.js';

/**
 * `agentparity fuzz internal`: random agent trees of internal sub-agents (shared children, cycles,
 * nesting, scripted actions that emit, fail or leave a handle waiting), judged by the area's
 * comparator: both runtimes must compile, run and trace them alike.
 */
export const internalTarget: FuzzTarget<TreeDraw> = {
  name: 'internal',
  summary: 'random agent trees of internal sub-agents, every participant against the reference',
  area: 'internal',
  arbitrary: treeDraws,
  toCase: treeCase,
  async compare(reference: ParticipantOutcome, other: ParticipantOutcome, draw: TreeDraw, sides: Sides): Promise<CaseVerdict> {
    const testCase: FixtureCase = { ...treeCase(draw), area: 'internal', file: '(fuzz)', contracts: [] };
    for (const [name, outcome] of [[sides.left, reference], [sides.right, other]] as const) {
      if (outcome.status !== 'result') {
        const verdict = await judgeOutcome(testCase, name, outcome, undefined);
        return { ...verdict, detail: `${name}: ${verdict.detail}` };
      }
    }
    return judgeOutcome(testCase, sides.right, other, { name: sides.left, outcome: reference });
  },
};
