import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parsePyJson } from '../../../src/json/parsePyJson.js';
import type { PyJson } from '../../../src/json/pyJson.js';
import { pyStringRepr } from '../../../src/python/pyRepr.js';
import { pythonTypeRepr } from '../../../src/subagent/pythonTypeRepr.js';
import { readTypeExprIn } from '../../../src/types/declarationLookup.js';
import { readDeclaration } from '../../../src/types/readDeclaration.js';

type Tree = ReadonlyMap<string, PyJson>;

// Each expectation is what Python printed; python-ref/tests/test_subagent.py checks that it still does.
const table = parsePyJson(readFileSync(fileURLToPath(new URL('../../fixtures/pythonTypeRepr.json', import.meta.url)), 'utf8')) as Tree;
const declaration = readDeclaration(table.get('declaration')!);
const cases = (table.get('cases') as Tree[]).map((item) => [item.get('python') as string, item.get('expr')!] as const);

describe('subagent/pythonTypeRepr', () => {
  it.each(cases)('prints %s', (python, expr) => {
    expect(pythonTypeRepr(readTypeExprIn(declaration, expr, '$'))).toBe(python);
  });
});

describe('python/pyRepr', () => {
  // Python's own repr() of each string.
  it.each([
    ['plain', "'plain'"],
    ["it's", '"it\'s"'],
    ['both \' and "', "'both \\' and \"'"],
    ['back\\slash', "'back\\\\slash'"],
    ['tab\there\r\n', "'tab\\there\\r\\n'"],
    ['\u0000\u001f\u007f', "'\\x00\\x1f\\x7f'"],
    ['é\u00a0\u00ad', "'é\\xa0\\xad'"],
    ['\u200b\u2028\ue000', "'\\u200b\\u2028\\ue000'"],
    ['😀\u{e0001}', "'😀\\U000e0001'"],
    ['\ud800', "'\\ud800'"],
    // Assigned after Unicode 14.0, the version of Python 3.11's tables: not printable to it.
    ['\u{31350}\u{1cc00}', "'\\U00031350\\U0001cc00'"],
  ])('writes %j as %s', (text, repr) => {
    expect(pyStringRepr(text)).toBe(repr);
  });
});
