import type { PyJson } from '../../src/json/pyJson.js';
import { writePyString } from '../../src/json/writePyJson.js';
import type { ProtocolCase } from './ops/index.js';

/**
 * The declarations a participant was sent under a key (feature `declaration_key`), kept for the
 * life of the process: a case with a declaration and a key stores it, whatever becomes of the
 * case; a case with only a key runs with what the key names. The op sees a case that carries its
 * declaration either way, the very same object each time, so that it can keep what it builds.
 */
export class DeclarationStore {
  private readonly byKey = new Map<string, PyJson>();

  /** The case with its declaration, or the reason it cannot run (a key never sent with a declaration). */
  resolve(testCase: ProtocolCase, key: string): ProtocolCase | string {
    if (testCase.declaration !== undefined) {
      this.byKey.set(key, testCase.declaration);
      return testCase;
    }
    const declaration = this.byKey.get(key);
    if (declaration === undefined) return unknownKey(key);
    return { ...testCase, declaration };
  }
}

/** The answer to a key never sent with a declaration (the Python participant words it alike). */
export const unknownKey = (key: string): string =>
  `unknown declaration_key ${writePyString(key)}: a key names the declaration sent with it earlier in this process`;
