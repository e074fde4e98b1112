import fc from 'fast-check';
import type { PyJson } from '../../../src/json/pyJson.js';
import type { ProtocolCase } from '../../serve/ops/index.js';

/** A drawn dispatch case: the declaration of scripted resources, and the tool request. */
export interface DispatchDraw {
  readonly declaration: Map<string, PyJson>;
  readonly input: Map<string, PyJson>;
}

const map = (entries: Record<string, PyJson>): Map<string, PyJson> => new Map(Object.entries(entries));

// Keys never start with `$` (the value codec's escape) and stay printable.
const key = fc.stringMatching(/^[a-z][a-z0-9_ é]{0,6}$/);
const scalar: fc.Arbitrary<PyJson> = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.integer({ min: -1000, max: 1000 }),
  // A whole float decodes to a TypeScript number, which is an int there (DESIGN §3.2): only
  // fractional floats mean the same in both languages as results.
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Number.isInteger(d)),
  fc.boolean(),
  fc.constant(null),
);
const value: fc.Arbitrary<PyJson> = fc.letrec<{ node: PyJson }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('node'), { maxLength: 3 }),
    fc.uniqueArray(fc.tuple(key, tie('node')), { maxLength: 3, selector: ([k]) => k }).map((entries) => new Map(entries)),
  ),
})).node;

const message = fc.constantFrom('boom', 'mailbox is full', 'session', "it's gone", '');
const errorType = fc.constantFrom('RuntimeError', 'ValueError', 'KeyError', 'RecursionError');
const wait = fc.constantFrom(0, 0, 1, 3);

const subagentBehaviour: fc.Arbitrary<PyJson> = fc.oneof(
  { weight: 5, arbitrary: fc.tuple(value, wait).map(([returns, wait_ms]) => map({ returns, wait_ms })) },
  { weight: 2, arbitrary: fc.option(message, { nil: null }).map((fails) => map({ fails })) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom('submit', 'await'), errorType, message).map(([at, type, text]) => map({ raise: map({ at, type, message: text }) })) },
  { weight: 1, arbitrary: fc.constantFrom('submit', 'await').map((cancel) => map({ cancel })) },
);
const toolBehaviour: fc.Arbitrary<PyJson> = fc.oneof(
  { weight: 5, arbitrary: fc.tuple(value, wait).map(([returns, wait_ms]) => map({ returns, wait_ms })) },
  { weight: 2, arbitrary: fc.tuple(errorType, message).map(([type, text]) => map({ raise: map({ type, message: text }) })) },
  { weight: 1, arbitrary: fc.constant(map({ cancel: 'call' })) },
);

/**
 * Random dispatch cases over the whole decision space: sub-agents and tools with every scripted
 * outcome, a non-setup AGENT resource, calls to sub-agents, tools, shared and absent names,
 * arguments that are not objects, serial and batched mode.
 */
export const dispatchDraws: fc.Arbitrary<DispatchDraw> = fc
  .record({
    subagents: fc.array(subagentBehaviour, { minLength: 1, maxLength: 4 }),
    tools: fc.array(toolBehaviour, { maxLength: 2 }),
    mode: fc.constantFrom('serial', 'batched'),
    calls: fc.array(
      fc.record({
        target: fc.oneof(
          { weight: 6, arbitrary: fc.nat(3).map((i) => `_subagent_a${i}`) },
          { weight: 3, arbitrary: fc.nat(1).map((i) => `t${i}`) },
          { weight: 1, arbitrary: fc.constantFrom('_subagent_h', 'a0', 'ghost', '_subagent_ghost') },
        ),
        args: fc.oneof({ weight: 9, arbitrary: fc.uniqueArray(fc.tuple(key, value), { maxLength: 2, selector: ([k]) => k }).map((e) => new Map(e) as PyJson) }, { weight: 1, arbitrary: value }),
        originalId: fc.option(fc.constantFrom('ext-1', 'ext-2'), { nil: undefined }),
      }),
      { minLength: 1, maxLength: 5 },
    ),
  })
  .map(({ subagents, tools, mode, calls }) => ({
    declaration: map({
      subagents: subagents.map((behaviour, i) => map({ name: `a${i}`, input_schema: '{"type": "object"}', behaviour })),
      tools: tools.map((behaviour, i) => map({ name: `t${i}`, behaviour })),
      agent_resources: [map({ name: 'h', kind: 'tool' })],
    }),
    input: map({
      mode,
      tool_calls: calls.map((call, i) => {
        const tree = map({ id: `c${i}`, name: call.target, arguments: call.args });
        if (call.originalId !== undefined) tree.set('original_id', call.originalId);
        return tree;
      }),
    }),
  }));

export const dispatchCase = (draw: DispatchDraw, index: number): ProtocolCase => ({
  id: `dispatch/fuzz/${index}`,
  op: 'dispatch',
  declaration: draw.declaration,
  input: draw.input,
});
