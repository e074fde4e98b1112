import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KIND_OF_CLASS, maskFailureNames, pythonFailureName } from '../../../../conformance/areas/internal/failureNames.js';

const SRC = join(import.meta.dirname, '..', '..', '..', '..', 'src');

// Every error class of src/ with the kind it states or inherits, read from the source text.
const errorClasses = (): Map<string, string> => {
  const declared = new Map<string, { parent: string; kind: string | undefined }>();
  for (const file of readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'))) {
    const text = readFileSync(join(SRC, file), 'utf8');
    for (const found of text.matchAll(/export class (\w+) extends (\w+)\b[^{]*\{([\s\S]*?)\n\}/g)) {
      declared.set(found[1]!, { parent: found[2]!, kind: /readonly kind(?:: \w+)? = '(\w+)'/.exec(found[3]!)?.[1] });
    }
  }
  const kindOf = (name: string): string | undefined => {
    const entry = declared.get(name);
    return entry === undefined ? undefined : (entry.kind ?? kindOf(entry.parent));
  };
  const isError = (name: string): boolean => name === 'AgentparityError' || (declared.has(name) && isError(declared.get(name)!.parent));
  return new Map([...declared.keys()].filter((n) => n !== 'AgentparityError' && isError(n)).flatMap((n) => (kindOf(n) === undefined ? [] : [[n, kindOf(n)!] as [string, string]])));
};

describe('internal area: failure summaries in each language\'s names', () => {
  it('knows the Python kind of every error class of src/ that states one', () => {
    expect(Object.fromEntries([...errorClasses()].sort())).toEqual(KIND_OF_CLASS);
  });

  it('names the exception as Python does and unquotes a KeyError\'s message', () => {
    expect(pythonFailureName('NotFoundError: Resource not found: x of type prompt')).toBe('KeyError: Resource not found: x of type prompt');
    expect(pythonFailureName("failed:KeyError: 'gone'")).toBe('failed:KeyError: gone');
    expect(pythonFailureName('failed:InvalidStateError: Action drop finished')).toBe('failed:RuntimeError: Action drop finished');
    expect(pythonFailureName('ValueError: bad')).toBe('ValueError: bad');
    expect(pythonFailureName('echo:7')).toBe('echo:7');
  });

  it('leaves a different kind different', () => {
    expect(pythonFailureName('InvalidTypeError: x')).not.toBe(pythonFailureName('ValueError: x'));
    expect(maskFailureNames(['NotFoundError: a', new Map([['e', "KeyError: 'a'"]])])).toEqual(['KeyError: a', new Map([['e', 'KeyError: a']])]);
  });
});
