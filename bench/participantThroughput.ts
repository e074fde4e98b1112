import { join } from 'node:path';
import fc from 'fast-check';
import type { PyJson } from '../src/json/pyJson.js';
import type { Declaration } from '../src/types/declaration.js';
import { readDeclaration } from '../src/types/readDeclaration.js';
import { renderSchemaText } from '../src/types/renderSchema.js';
import { loadFixtures } from '../conformance/fixtures/loadFixtures.js';
import { declarationArbitrary } from '../conformance/areas/schema/declarationArbitrary.js';
import { packageRoot } from '../conformance/packageRoot.js';
import type { ProtocolCase } from '../conformance/serve/ops/index.js';
import { openParticipant } from '../conformance/clients/openParticipant.js';
import type { Participant } from '../conformance/clients/participant.js';
import { protocolCase } from '../conformance/run/runParticipants.js';
import type { Benchmark } from './index.js';

const CASES = 400;
const SPAWNED_CASES = 6;

// The bundled derive_schema fixtures, repeated to CASES: what a conformance run sends.
const fixtureCases = (): ProtocolCase[] => {
  const loaded = loadFixtures(join(packageRoot(), 'fixtures'), ['schema']).cases.map(protocolCase);
  return Array.from({ length: CASES }, (_, i) => ({ ...loaded[i % loaded.length]!, id: `schema/bench/case-${i}` }));
};

// Seeded random declarations of `fuzz schema`: larger, several models each.
const fuzzCases = (): ProtocolCase[] =>
  fc.sample(declarationArbitrary, { seed: 7, numRuns: CASES }).map((declaration, i) => ({ id: `schema/bench/fuzz-${i}`, op: 'derive_schema', declaration, input: new Map() }));

const rate = (count: number, ms: number) => ({ cases: count, seconds: Number((ms / 1000).toFixed(3)), casesPerSecond: Number(((count * 1000) / ms).toFixed(1)) });

/** Every case sent at once: the participant pipelines them. Start-up is paid before the clock starts. */
const longLived = async (participant: Participant, cases: readonly ProtocolCase[]) => {
  await participant.start();
  await participant.run(cases[0]!);
  const started = performance.now();
  const outcomes = await Promise.all(cases.map((c) => participant.run(c, { timeoutMs: 60_000 })));
  const ms = performance.now() - started;
  await participant.stop();
  return { ...rate(cases.length, ms), errored: outcomes.filter((o) => o.status === 'errored').length };
};

/** A fresh Python participant per case, as a harness that spawns per case would pay. */
const spawnPerCase = async (cases: readonly ProtocolCase[]) => {
  const started = performance.now();
  for (const testCase of cases) {
    const participant = openParticipant('python');
    await participant.run(testCase, { timeoutMs: 60_000 });
    await participant.stop();
  }
  return rate(cases.length, performance.now() - started);
};

const renderable = (cases: readonly ProtocolCase[]): Declaration[] =>
  cases.flatMap((c) => {
    try {
      const declaration = readDeclaration(c.declaration as PyJson);
      renderSchemaText(declaration, declaration.root!);
      return [declaration];
    } catch {
      return [];
    }
  });

const rendersPerSecond = (declarations: readonly Declaration[]) => {
  const started = performance.now();
  for (const declaration of declarations) renderSchemaText(declaration, declaration.root!);
  const ms = performance.now() - started;
  return { renders: declarations.length, seconds: Number((ms / 1000).toFixed(3)), rendersPerSecond: Math.round((declarations.length * 1000) / ms) };
};

/**
 * derive_schema cases per second through the long-lived Python participant (pipelined) against
 * a Python participant spawned per case, measured in the same run (target ratio >= 50), on the
 * bundled fixtures; the same for the larger random declarations of `fuzz schema`; the in-process
 * TypeScript participant on both; and TypeScript schema renders per second.
 */
export const participantThroughputBenchmark: Benchmark = {
  name: 'participantThroughput',
  async run() {
    const fixtures = fixtureCases();
    const fuzzed = fuzzCases();
    const pythonFixtures = await longLived(openParticipant('python'), fixtures);
    const spawned = await spawnPerCase(fixtures.slice(0, SPAWNED_CASES));
    return {
      fixtures: {
        pythonLongLived: pythonFixtures,
        pythonSpawnPerCase: spawned,
        longLivedOverSpawnRatio: Math.round(pythonFixtures.casesPerSecond / spawned.casesPerSecond),
        targetRatio: 50,
        tsInProcess: await longLived(openParticipant('ts'), fixtures),
        tsSchemaRenders: rendersPerSecond(renderable(fixtures)),
      },
      fuzzDeclarations: {
        pythonLongLived: await longLived(openParticipant('python'), fuzzed),
        tsInProcess: await longLived(openParticipant('ts'), fuzzed),
        tsSchemaRenders: rendersPerSecond(renderable(fuzzed)),
      },
    };
  },
};
