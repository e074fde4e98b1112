import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { isAgentparityError } from '../../../src/errors.js';
import { PyFloat, type PyJson } from '../../../src/json/pyJson.js';
import { copyJsonGeneric } from '../../../src/actions/normalize/copyJsonGeneric.js';
import { normalizeAndRender, normalizeResult } from '../../../src/actions/normalizeResult.js';
import { toChatMessageContent } from '../../../src/actions/renderContent.js';

/** The error normalizeResult throws for a value, as {kind, path, message}. */
const refusal = (raw: unknown): { kind: string; path: string | undefined; message: string } => {
  try {
    normalizeResult(raw);
  } catch (error) {
    if (!isAgentparityError(error)) throw error;
    return { kind: error.kind, path: error.path, message: error.message };
  }
  throw new Error('normalizeResult accepted the value');
};

class Handle {
  constructor(readonly id: number) {}
}

describe('actions/normalizeResult: the upstream tests (reference §6.5, §6.6)', () => {
  it('reduces nested containers to plain ones', () => {
    const raw = { outer: new Map<string, unknown>([['inner', [1, ['a', 'b']]]]) };
    const value = normalizeResult(raw);
    expect(value).toEqual({ outer: { inner: [1, ['a', 'b']] } });
    expect((value as { outer: unknown }).outer).not.toBeInstanceOf(Map);
  });

  it('keeps scalars and null', () => {
    for (const scalar of [null, 'text', 7, true, false, 2.5, 0]) expect(normalizeResult(scalar)).toBe(scalar);
  });

  it('reports where an unsupported value was found, and its type', () => {
    expect(refusal({ outer: [new Handle(1)] })).toEqual({
      kind: 'TypeError',
      path: 'result.outer[0]',
      message: 'Sub-agent result must be JSON-compatible at result.outer[0], found Handle',
    });
  });

  it('refuses a map with a non-string key, at the map', () => {
    expect(refusal(new Map([[1, 'a']]))).toEqual({
      kind: 'TypeError',
      path: 'result',
      message: 'Map keys in sub-agent result must be strings at result',
    });
  });

  it('refuses non-finite numbers at their key and at the root', () => {
    expect(refusal({ ratio: NaN })).toEqual({
      kind: 'ValueError',
      path: 'result.ratio',
      message: 'Non-finite number in sub-agent result at result.ratio',
    });
    expect(refusal(Infinity).message).toBe('Non-finite number in sub-agent result at result');
    expect(refusal(new PyFloat(-Infinity)).message).toBe('Non-finite number in sub-agent result at result');
  });

  it('walks a top-level sequence by index', () => {
    expect(refusal([new Handle(1)]).path).toBe('result[0]');
  });

  it('refuses a cycle where the walk re-enters it', () => {
    const raw: Record<string, unknown> = { name: 'loop' };
    raw.self = raw;
    expect(refusal(raw)).toEqual({
      kind: 'ValueError',
      path: 'result.self',
      message: 'Sub-agent result must be JSON-compatible at result.self, cycle detected',
    });
  });

  it('accepts a value reused outside the current path (a diamond), and writes it twice', () => {
    const shared = { v: [1] };
    const { value, content } = normalizeAndRender({ left: shared, right: shared, list: [shared, [shared]] });
    expect(content).toBe('{"left":{"v":[1]},"right":{"v":[1]},"list":[{"v":[1]},[{"v":[1]}]]}');
    expect(value).toEqual({ left: shared, right: shared, list: [shared, [shared]] });
  });

  it('accepts a result nested deeper than any fixed limit', () => {
    let raw: unknown = 'leaf';
    for (let i = 0; i < 200; i++) raw = { k: raw };
    expect(normalizeAndRender(raw).content).toBe(`${'{"k":'.repeat(200)}"leaf"${'}'.repeat(200)}`);
  });

  it('renders the normalized result of a delegation as compact JSON', () => {
    expect(normalizeAndRender({ verdict: 'approved', findings: ['style'] }).content).toBe('{"verdict":"approved","findings":["style"]}');
    expect(refusal({ handle: new Handle(2) }).message).toBe('Sub-agent result must be JSON-compatible at result.handle, found Handle');
  });
});

describe('actions/normalizeResult: TypeScript-only values (issue 3)', () => {
  it.each([
    ['undefined', { a: undefined }, 'result.a', 'undefined'],
    ['a function', { f: () => 1 }, 'result.f', 'function'],
    ['a symbol', [Symbol('s')], 'result[0]', 'symbol'],
    ['a Set', { s: new Set([1]) }, 'result.s', 'Set'],
    ['a Date', { at: new Date(0) }, 'result.at', 'Date'],
    ['a typed array', { b: new Uint8Array([1]) }, 'result.b', 'Uint8Array'],
    ['another typed array', [new Float64Array([1.5])], 'result[0]', 'Float64Array'],
    ['a class instance', { h: new Handle(3) }, 'result.h', 'Handle'],
    ['a boxed string', [Object('x')], 'result[0]', 'String'],
  ])('refuses %s with its path', (_name, raw, path, type) => {
    expect(refusal(raw)).toEqual({
      kind: 'TypeError',
      path,
      message: `Sub-agent result must be JSON-compatible at ${path}, found ${type}`,
    });
  });

  it('refuses undefined at the root', () => {
    expect(refusal(undefined).message).toBe('Sub-agent result must be JSON-compatible at result, found undefined');
  });

  it('refuses an array hole at its index', () => {
    // eslint-disable-next-line no-sparse-arrays
    expect(refusal([1, , 3]).message).toBe('Sub-agent result must be JSON-compatible at result[1], found array hole');
  });

  it('turns a Map with string keys into an object, keeping written order with a Map where an object would not', () => {
    expect(normalizeResult(new Map<string, unknown>([['b', 1], ['a', new Map([['x', [2]]])]]))).toEqual({ b: 1, a: { x: [2] } });
    const ordered = normalizeResult(new Map([['b', 1], ['10', 2], ['2', 3]]));
    expect(ordered).toBeInstanceOf(Map);
    expect([...(ordered as Map<string, PyJson>).keys()]).toEqual(['b', '10', '2']);
    expect(normalizeAndRender(new Map([['b', 1], ['10', 2]])).content).toBe('{"b":1,"10":2}');
  });

  it('refuses a Map with a non-string key, after the entries before it', () => {
    expect(refusal({ m: new Map<unknown, unknown>([['ok', 1], [2, 'x']]) }).message).toBe(
      'Map keys in sub-agent result must be strings at result.m',
    );
    expect(refusal(new Map<unknown, unknown>([['a', NaN], [1, 2]])).path).toBe('result.a');
  });

  it('keeps bigints exactly', () => {
    const big = 123456789012345678901234567890n;
    expect(normalizeAndRender({ n: big, s: [-big] })).toEqual({ value: { n: big, s: [-big] }, content: `{"n":${big},"s":[-${big}]}` });
    expect(normalizeAndRender(big).content).toBe(String(big));
  });

  it('accepts objects with a null prototype', () => {
    const raw = Object.assign(Object.create(null) as Record<string, unknown>, { a: 1, b: [2] });
    expect(normalizeAndRender({ wrapped: raw }).content).toBe('{"wrapped":{"a":1,"b":[2]}}');
  });

  it('never calls toJSON', () => {
    const toJSON = vi.fn(() => 'replaced');
    class Stamp {
      toJSON = toJSON;
    }
    expect(refusal({ s: new Stamp() }).message).toBe('Sub-agent result must be JSON-compatible at result.s, found Stamp');
    expect(refusal({ toJSON }).path).toBe('result.toJSON');
    expect(toJSON).not.toHaveBeenCalled();
  });

  it('keeps -0', () => {
    const { value, content } = normalizeAndRender([0, -0]);
    expect(Object.is((value as number[])[1], -0)).toBe(true);
    expect(content).toBe('[0,-0.0]');
    expect(normalizeAndRender(-0).content).toBe('-0.0');
  });

  it('keeps own keys named __proto__, constructor and prototype as data, and never touches Object.prototype', () => {
    const raw = JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}, "prototype": 1}') as unknown;
    const viaMap = new Map<string, unknown>([['__proto__', { polluted: true }]]);
    for (const input of [raw, viaMap, [raw]]) {
      const { value, content } = normalizeAndRender(input);
      const record = (Array.isArray(value) ? value[0] : value) as Record<string, unknown>;
      expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
      expect(Object.hasOwn(record, '__proto__')).toBe(true);
      expect(content).toContain('"__proto__":{"polluted":true}');
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('returns a result that is JSON-generic already as it is, and copies any other', () => {
    const plain = { a: [1, { b: 'c' }] };
    expect(normalizeResult(plain)).toBe(plain);
    const withMap = { a: new Map([['b', 1]]) };
    expect(normalizeResult(withMap)).not.toBe(withMap);
  });

  it('turns a stack overflow on the way into a RecursionError-kind refusal', () => {
    const raw = {};
    const recurse = (): never => recurse();
    Object.defineProperty(raw, 'x', { get: recurse, enumerable: true });
    const error = (() => {
      try {
        normalizeResult(raw);
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(isAgentparityError(error) && error.kind).toBe('RecursionError');
    expect((error as Error).message).toBe('Sub-agent result is cyclic or too deeply nested to normalize as JSON');
  });
});

describe('actions/normalizeResult: depth', () => {
  const DEPTH = 200_000;

  it('normalizes and renders a 200,000-deep chain of objects and of arrays', () => {
    let objects: unknown = 1;
    let arrays: unknown = 'x';
    for (let i = 0; i < DEPTH; i++) {
      objects = { k: objects };
      arrays = [arrays];
    }
    expect(normalizeAndRender(objects).content).toBe(`${'{"k":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`);
    const b = normalizeAndRender(new Map([['top', arrays]])).content;
    expect(b).toBe(`{"top":${'['.repeat(DEPTH)}"x"${']'.repeat(DEPTH)}}`);
  });

  // Past the quick check's depth limit the exact writer checks and writes at once.
  const chainTo = (leaf: unknown, depth: number): unknown[] => {
    const top: unknown[] = [];
    let bottom = top;
    for (let i = 1; i < depth; i++) {
      const next: unknown[] = [];
      bottom.push(next);
      bottom = next;
    }
    bottom.push(leaf);
    return top;
  };

  it('writes a deep diamond by one walk, and the result keeps the node it shares', () => {
    const shared = { v: 1 };
    const raw = { shared, deep: chainTo(shared, 5000) };
    const { value, content } = normalizeAndRender(raw);
    expect(value === raw).toBe(true);
    expect(content).toBe(`{"shared":{"v":1},"deep":${'['.repeat(5000)}{"v":1}${']'.repeat(5000)}}`);
  });

  it('leaves a deep result that is not JSON-generic as it is to the careful walk', () => {
    const raw = chainTo(new Map([['b', 1], ['10', 2]]), 5000);
    const { value, content } = normalizeAndRender(raw);
    expect(value === raw).toBe(false);
    expect(content).toBe(`${'['.repeat(5000)}{"b":1,"10":2}${']'.repeat(5000)}`);
    let refused: unknown;
    try {
      normalizeAndRender({ first: chainTo(1, 5000), then: Number.NaN });
    } catch (error) {
      refused = error;
    }
    expect(isAgentparityError(refused) && [refused.kind, refused.path]).toEqual(['ValueError', 'result.then']);
  });

  it('refuses a cycle at the bottom of a 200,000-deep chain, where it re-enters', () => {
    const top: Record<string, unknown> = {};
    let bottom = top;
    for (let i = 1; i < DEPTH; i++) {
      const next: Record<string, unknown> = {};
      bottom.k = next;
      bottom = next;
    }
    bottom.k = top;
    const { path, kind } = refusal(top);
    expect(kind).toBe('ValueError');
    expect(path).toBe(`result${'.k'.repeat(DEPTH)}`);
  });
});

// Values the quick check accepts or hands over: JSON-like trees with Maps, -0, bigints and PyFloats.
const jsonish = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(null, true, false, -0, 0, 1e-7, 1e16, 1e21, 0.1),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
    fc.bigInt(),
    fc.string({ unit: 'grapheme' }),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => new PyFloat(d)),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string(), tie('value'), { maxKeys: 4 }),
    fc.array(fc.tuple(fc.string(), tie('value')), { maxLength: 4 }).map((entries) => new Map(entries)),
  ),
})).value;

describe('actions/normalizeResult: the quick path and the careful walk', () => {
  it('agree on every value', () => {
    fc.assert(
      fc.property(jsonish, (raw) => {
        expect(normalizeResult(raw)).toEqual(copyJsonGeneric(raw));
      }),
      { numRuns: 300 },
    );
  });
});

// Values of TypeScript only, mixed into JSON-like trees: Python has no counterpart, so they are
// fuzzed here rather than differentially.
const typescriptOnly = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom<unknown>(undefined, Symbol('s'), () => 1, new Date(0), new Uint8Array([1]), new Float32Array([0.5]), new Set([1]), new Handle(1), NaN, -0, 1n),
    fc.jsonValue(),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.array(tie('value'), { maxLength: 3 }).map((items) => {
      const sparse = [...items];
      sparse.length += 1;
      return sparse;
    }),
    fc.dictionary(fc.string(), tie('value'), { maxKeys: 3 }).map((o) => Object.assign(Object.create(null) as object, o)),
    fc.array(fc.tuple(fc.oneof(fc.string(), fc.integer()), tie('value')), { maxLength: 3 }).map((entries) => new Map<unknown, unknown>(entries)),
  ),
})).value;

describe('actions/normalizeResult: TypeScript-only values, fuzzed', () => {
  it('either normalize, rendering as the careful writer does, or are refused with a path', () => {
    fc.assert(
      fc.property(typescriptOnly, (raw) => {
        try {
          const { value, content } = normalizeAndRender(raw);
          expect(content).toBe(toChatMessageContent(copyJsonGeneric(value)));
        } catch (error) {
          expect(isAgentparityError(error) && error.path?.startsWith('result')).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});
