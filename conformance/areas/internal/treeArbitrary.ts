import fc from 'fast-check';
import type { PyJson } from '../../../src/json/pyJson.js';
import type { ProtocolCase } from '../../serve/ops/index.js';

/** A drawn `run_internal` case: the agent tree and its input. */
export interface TreeDraw {
  readonly declaration: Map<string, PyJson>;
  readonly input: Map<string, PyJson>;
}

const map = (entries: [string, PyJson][]): Map<string, PyJson> => new Map(entries);
const one = (kind: string, argument: PyJson): Map<string, PyJson> => map([[kind, argument]]);

// Event types are ordered: an action listening to `_eK` emits only `_eJ` with J > K, so no chain loops.
const EVENT_TYPES = ['_e0', '_e1', '_e2'];
const MAX_AGENTS = 4;

// Whole floats are left out: a TypeScript number cannot remember one (DESIGN §3.2).
const value: fc.Arbitrary<PyJson> = fc.letrec<{ node: PyJson }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.string({ maxLength: 6 }),
    fc.constantFrom('{input}', '{results}', 'got:{input}', 'é{input}'),
    fc.integer({ min: -100, max: 100 }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('node'), { maxLength: 3 }),
    fc.uniqueArray(fc.tuple(fc.constantFrom('a', 'b', 'input', 'k é'), tie('node')), { maxLength: 2, selector: ([k]) => k }).map((e) => new Map(e) as PyJson),
  ),
})).node;

const path = fc.constantFrom('p', 'q', 'a.b', 'a', 'a.b.c');
const memory = fc.constantFrom<string | undefined>(undefined, 'sensory');
const withMemory = (entries: [string, PyJson][], which: string | undefined): Map<string, PyJson> =>
  map(which === undefined ? entries : [...entries, ['memory', which]]);

/** A step of an action listening to event type number `level` (-1 for the input), calling among `children`. */
const step = (level: number, children: readonly string[]): fc.Arbitrary<PyJson> => {
  const target = fc.oneof({ weight: 9, arbitrary: children.length > 0 ? fc.constantFrom(...children) : fc.constant('none') }, { weight: 1, arbitrary: fc.constant('none') });
  const call = fc.record({ agent: target, prompt: value }).map(({ agent, prompt }) => map([['agent', agent], ['prompt', prompt]]) as PyJson);
  const later = EVENT_TYPES.slice(level + 1);
  return fc.oneof(
    { weight: 4, arbitrary: value.map((v) => one('output', v)) },
    ...(later.length > 0 ? [{ weight: 2, arbitrary: fc.tuple(fc.constantFrom(...later), value).map(([type, input]) => one('emit', map([['type', type], ['attributes', map([['input', input]])]]))) }] : []),
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('ValueError', 'RuntimeError', 'KeyError', 'TypeError'), fc.constantFrom('boom', "it's", '')).map(([kind, message]) => one('raise', map([['kind', kind], ['message', message]]))) },
    { weight: 2, arbitrary: fc.tuple(path, value, memory).map(([p, v, m]) => one('write', withMemory([['path', p], ['value', v]], m))) },
    { weight: 2, arbitrary: fc.tuple(path, memory).map(([p, m]) => one('read', withMemory([['path', p]], m))) },
    { weight: 1, arbitrary: fc.constantFrom('r0', 'r1', 'r2').map((name) => one('resource', map([['name', name]]))) },
    { weight: 3, arbitrary: call.map((c) => one('call', c)) },
    { weight: 1, arbitrary: fc.array(call, { minLength: 1, maxLength: 3 }).map((calls) => one('batch', calls)) },
    { weight: 1, arbitrary: call.map((c) => one('submit', c)) },
    { weight: 1, arbitrary: fc.constantFrom('all', 'all', 'repeat').map((how) => one('resolve', how)) },
  );
};

const action = (children: readonly string[]): fc.Arbitrary<Map<string, PyJson>> =>
  fc.integer({ min: -1, max: EVENT_TYPES.length - 1 }).chain((level) =>
    fc.array(step(level, children), { maxLength: 4 }).map((steps) => map([...(level < 0 ? [] : [['on', [EVENT_TYPES[level]!]] as [string, PyJson]]), ['do', steps]])),
  );

interface AgentShape {
  readonly children: readonly [string, number][];
  readonly prompts: readonly string[];
}

// Mostly to agents further down (a tree, shared children), sometimes back up or to itself (a cycle).
const shape = (index: number, count: number): fc.Arbitrary<AgentShape> =>
  fc.record({
    children: fc.uniqueArray(
      fc.tuple(fc.constantFrom('c0', 'c1', 'c2'), fc.oneof({ weight: 12, arbitrary: index + 1 < count ? fc.integer({ min: index + 1, max: count - 1 }) : fc.constant(-1) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: index }) })),
      { maxLength: 2, selector: ([name]) => name },
    ).map((cs) => cs.filter(([, target]) => target >= 0)),
    prompts: fc.subarray(['r0', 'r1']),
  });

/**
 * Random agent trees for `fuzz internal`: up to four agents, each registering some of the others
 * (mostly further down: shared children and nesting; sometimes back up or itself: cycles), with
 * scripted actions that output, emit, fail, read and write memory, look up resources, call, batch,
 * or submit and leave a handle unresolved; sometimes a configuration of the batch settings.
 */
export const treeDraws: fc.Arbitrary<TreeDraw> = fc
  .integer({ min: 1, max: MAX_AGENTS })
  .chain((count) => fc.tuple(...Array.from({ length: count }, (_, i) => shape(i, count))))
  .chain((shapes) =>
    fc.record({
      actions: fc.tuple(...shapes.map((s) => fc.array(action(s.children.map(([name]) => name)), { minLength: 1, maxLength: 2 }))),
      config: fc.option(fc.record({ parallelism: fc.integer({ min: 0, max: 3 }), batch: fc.integer({ min: 1, max: 3 }) }), { nil: undefined }),
      inputs: fc.array(value, { minLength: 1, maxLength: 2 }),
    }).map(({ actions, config, inputs }) => {
      const agents = map(
        shapes.map((s, i) => [
          `a${i}`,
          map([
            ['resources', map([...s.children.map(([name, target]) => [name, map([['agent', `a${target}`]])] as [string, PyJson]), ...s.prompts.map((p) => [p, map([['prompt', `${p} of a${i}`]])] as [string, PyJson])])],
            ['actions', map(actions[i]!.map((a, n) => [`x${n}`, a] as [string, PyJson]))],
          ]),
        ]),
      );
      const declaration = map([['agents', agents]]);
      if (config !== undefined) declaration.set('config', map([['subagent.parallelism', config.parallelism], ['subagent.max-batch-size', config.batch]]));
      return { declaration, input: map([['inputs', inputs]]) };
    }),
  );

export const treeCase = (draw: TreeDraw): ProtocolCase => ({ id: 'internal/fuzz/0', op: 'run_internal', declaration: draw.declaration, input: draw.input });
