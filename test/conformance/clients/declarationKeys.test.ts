import { describe, expect, it } from 'vitest';
import type { PyJson } from '../../../src/json/pyJson.js';
import { declarationKey, SentDeclarations } from '../../../conformance/clients/declarationKeys.js';
import type { ProtocolCase } from '../../../conformance/clients/participant.js';

const declared = (declaration: PyJson | undefined, id = 'a/b/c'): ProtocolCase => ({ id, op: 'normalize', ...(declaration === undefined ? {} : { declaration }) });

describe('participants/declarationKeys', () => {
  it('gives a declaration a key once a second case carries it, and the same key after', () => {
    const declaration = new Map<string, PyJson>([['format', 'f']]);
    const first = declared(declaration);
    expect(declarationKey(first)).toBeUndefined();
    // Asked again for the same case (by the other participant), still none.
    expect(declarationKey(first)).toBeUndefined();
    const key = declarationKey(declared(declaration));
    expect(key).toMatch(/^d\d+$/);
    expect(declarationKey(declared(declaration))).toBe(key);
    expect(declarationKey(first)).toBe(key);
  });

  it('tells declarations apart by object, and gives none to a case without one', () => {
    const a = new Map<string, PyJson>([['format', 'f']]);
    const b = new Map<string, PyJson>([['format', 'f']]);
    for (const declaration of [a, a, b, b]) declarationKey(declared(declaration));
    expect(declarationKey(declared(a))).not.toBe(declarationKey(declared(b)));
    expect(declarationKey(declared(undefined))).toBeUndefined();
    expect(declarationKey(declared(null))).toBeUndefined();
  });

  it('sends a key with its declaration first, then alone; a fresh process starts over', () => {
    const declaration = new Map<string, PyJson>([['format', 'f']]);
    const cases = [declared(declaration), declared(declaration), declared(declaration)];
    const sent = new SentDeclarations();
    expect(sent.formFor(cases[0]!)).toBeUndefined();
    const key = declarationKey(cases[1]!)!;
    expect(key).toBeDefined();
    expect(cases.map((c) => sent.formFor(c))).toEqual([{ key, inline: true }, { key, inline: false }, { key, inline: false }]);
    expect(new SentDeclarations().formFor(cases[2]!)).toEqual({ key, inline: true });
  });

  it('sends a declaration seen once as it is', () => {
    expect(new SentDeclarations().formFor(declared(new Map<string, PyJson>([['format', 'once']])))).toBeUndefined();
  });
});
