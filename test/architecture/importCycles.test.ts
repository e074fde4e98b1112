import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from '../helpers/importGraph.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('import cycles', () => {
  it('no module of the runtime or the harness imports a value from a module that imports it back', () => {
    expect(importCycles(importGraph(root, ['src', 'conformance']))).toEqual([]);
  });

  it('src/python/, the bottom layer, imports only itself, the value model and the error classes', () => {
    const below = (target: string) => target.startsWith('src/python/') || target === 'src/json/pyJson.ts' || target === 'src/errors.ts';
    const upward = [...importGraph(root, ['src'])].filter(([module]) => module.startsWith('src/python/')).flatMap(([module, targets]) => [...targets].filter((target) => !below(target)).map((target) => `${module} -> ${target}`));
    expect(upward).toEqual([]);
  });

  it('finds a cycle of value imports and re-exports, and leaves out type-only imports', () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-graph-'));
    const files: Record<string, string> = {
      'lib/a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
      'lib/b.ts': "export { c as b } from './deep/c.js';\n",
      'lib/deep/c.ts': "import { a } from '../a.js';\nimport type { d } from '../d.js';\nexport const c = a;\nexport type C = typeof d;\n",
      'lib/d.ts': "import { type c } from './deep/c.js';\nimport type { a } from './a.js';\nexport const d = 1;\nexport type D = typeof c | typeof a;\n",
    };
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    expect(importCycles(importGraph(dir, ['lib']))).toEqual([['lib/a.ts', 'lib/b.ts', 'lib/deep/c.ts']]);
  });
});
