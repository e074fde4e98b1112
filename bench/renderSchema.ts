import { parsePyJson } from '../src/json/parsePyJson.js';
import { writePyJson } from '../src/json/writePyJson.js';
import { readDeclaration } from '../src/types/readDeclaration.js';
import { renderSchema } from '../src/types/renderSchema.js';
import { sampleDeclaration } from './declarations.js';
import type { Benchmark } from './index.js';

const perSecond = (minimumMs: number, run: () => void): number => {
  run();
  let iterations = 0;
  const started = performance.now();
  while (performance.now() - started < minimumMs) {
    run();
    iterations++;
  }
  return Math.round((iterations * 1000) / (performance.now() - started));
};

/**
 * TypeScript schema renders per second for declarations of 1, 10 and 40 models (13 field kinds
 * each), and how a render compares with only printing the schema it makes (`writePyJson`), the
 * floor any renderer pays for the text.
 */
export const renderSchemaBenchmark: Benchmark = {
  name: 'render_schema',
  async run() {
    const figures: Record<string, unknown> = {};
    for (const models of [1, 10, 40]) {
      const declaration = readDeclaration(parsePyJson(sampleDeclaration(models)));
      const schema = renderSchema(declaration, 'Catalog');
      const renders = perSecond(1000, () => writePyJson(renderSchema(declaration, 'Catalog')));
      const prints = perSecond(500, () => writePyJson(schema));
      figures[`models_${models}`] = {
        schema_bytes: writePyJson(schema).length,
        renders_per_second: renders,
        prints_per_second: prints,
        render_cost_per_print_cost: Number((prints / renders).toFixed(1)),
      };
    }
    return figures;
  },
};
