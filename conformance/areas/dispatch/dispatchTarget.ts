import type { Sides } from '../../compare/diffValues.js';
import { judgeOutcome, type CaseVerdict } from '../../compare/judgeOutcome.js';
import type { FixtureCase } from '../../fixtures/fixtureCase.js';
import type { ParticipantOutcome } from '../../clients/participant.js';
import type { FuzzTarget } from '../../fuzz/fuzzTarget.js';
import { dispatchCase, dispatchDraws, type DispatchDraw } from './dispatchCases.js';

const fixtureCase = (draw: DispatchDraw): FixtureCase => {
  const testCase = dispatchCase(draw, 0);
  return { id: testCase.id, area: 'dispatch', file: '(fuzz)', op: 'dispatch', contracts: [], declaration: draw.declaration, input: draw.input };
};

/**
 * `agentparity fuzz dispatch`: random tool requests over scripted sub-agents and tools (every
 * outcome at every point, shared and absent names, non-object arguments, both modes). Every
 * participant must answer, and as the reference does: the log, the event and the reports are decisions.
 */
export const dispatchTarget: FuzzTarget<DispatchDraw> = {
  name: 'dispatch',
  summary: 'random tool requests over scripted sub-agents and tools, every participant against the reference',
  area: 'dispatch',
  arbitrary: dispatchDraws,
  toCase: (draw) => dispatchCase(draw, 0),
  async compare(reference: ParticipantOutcome, other: ParticipantOutcome, draw: DispatchDraw, sides: Sides): Promise<CaseVerdict> {
    const testCase = fixtureCase(draw);
    for (const [name, outcome] of [[sides.left, reference], [sides.right, other]] as const) {
      if (outcome.status !== 'result') {
        const verdict = await judgeOutcome(testCase, name, outcome, undefined);
        return { ...verdict, detail: `${name}: ${verdict.detail}` };
      }
    }
    const verdict = await judgeOutcome(testCase, sides.right, other, { name: sides.left, outcome: reference });
    return verdict.status === 'equivalent' ? { status: 'divergent', detail: verdict.detail } : verdict;
  },
};
