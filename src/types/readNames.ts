import type { PyJson } from '../json/pyJson.js';
import { msg } from './declarationMessages.js';
import { expectString, fail } from './declarationTree.js';
import { defsKey, isPythonName } from './pythonNames.js';

/** A string that is a valid Python name (see `isPythonName`). */
export const readName = (tree: PyJson, path: string): string => {
  const name = expectString(tree, path);
  return isPythonName(name) ? name : fail(path, msg.notPythonName(name));
};

/**
 * The enum and model names of one declaration, registered in walk order (enums first), so that
 * a repeated name, a name used for both, or two names that pydantic files under one `$defs` key
 * are refused where the second one is declared.
 */
export class NameRegistry {
  private readonly enums = new Set<string>();
  private readonly models = new Set<string>();
  private readonly defsKeys = new Map<string, string>();

  declareEnum(tree: PyJson, path: string): string {
    const name = readName(tree, path);
    if (this.enums.has(name)) fail(path, msg.duplicateEnum(name));
    this.enums.add(name);
    return this.claimDefsKey(name, path);
  }

  declareModel(tree: PyJson, path: string): string {
    const name = readName(tree, path);
    if (this.models.has(name)) fail(path, msg.duplicateModel(name));
    if (this.enums.has(name)) fail(path, msg.enumAndModel(name));
    this.models.add(name);
    return this.claimDefsKey(name, path);
  }

  private claimDefsKey(name: string, path: string): string {
    const key = defsKey(name);
    const other = this.defsKeys.get(key);
    if (other !== undefined) fail(path, msg.defsKeyClash(name, other, key));
    this.defsKeys.set(key, name);
    return name;
  }
}
