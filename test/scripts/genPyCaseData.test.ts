import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const committed = join(root, 'src', 'python', 'pyCaseData.ts');

describe('scripts/genPyCaseData', () => {
  it('src/python/pyCaseData.ts is what the script makes with this Python, Node and ICU', () => {
    const fresh = join(mkdtempSync(join(tmpdir(), 'py-case-data-')), 'pyCaseData.ts');
    execFileSync(process.execPath, [join(root, 'scripts', 'genPyCaseData.mjs'), fresh], { stdio: 'inherit' });
    const [madeWith, ...tables] = readFileSync(committed, 'utf8').split('\n');
    const [makesWith, ...freshTables] = readFileSync(fresh, 'utf8').split('\n');
    // Tables that differ fail naming both sets of versions; the header alone may differ only in
    // versions whose change left the tables as they are.
    expect(freshTables.join('\n'), `the tables differ: committed ${madeWith}, regenerated ${makesWith}; run node scripts/genPyCaseData.mjs`).toBe(tables.join('\n'));
  });
});
