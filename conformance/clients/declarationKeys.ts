import type { DeclarationForm } from '../protocol/encode.js';
import type { ProtocolCase } from './participant.js';

interface Sighting {
  /** The first case seen with this declaration. */
  readonly first: ProtocolCase;
  key?: string;
}

const sightings = new WeakMap<object, Sighting>();
let keys = 0;

/**
 * The key a case's declaration goes by under feature `declaration_key`: given once a second case
 * carries the same declaration object, so that a declaration used once (every fixture, every
 * drawn schema) is never remembered by a participant. Undefined until then.
 */
export const declarationKey = (testCase: ProtocolCase): string | undefined => {
  const declaration = testCase.declaration;
  if (typeof declaration !== 'object' || declaration === null) return undefined;
  const sighting = sightings.get(declaration);
  if (sighting === undefined) {
    sightings.set(declaration, { first: testCase });
    return undefined;
  }
  if (sighting.key === undefined && sighting.first !== testCase) sighting.key = `d${++keys}`;
  return sighting.key;
};

/**
 * What one participant process has been sent: a key goes with its declaration the first time,
 * and alone after that. A restarted process remembers nothing, so it gets a fresh instance.
 */
export class SentDeclarations {
  private readonly sent = new Set<string>();

  /** How `testCase` carries its declaration on the next line written, noting that it was written. */
  formFor(testCase: ProtocolCase): DeclarationForm | undefined {
    const key = declarationKey(testCase);
    if (key === undefined) return undefined;
    const inline = !this.sent.has(key);
    this.sent.add(key);
    return { key, inline };
  }
}
