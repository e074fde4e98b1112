import { extname } from 'node:path';
import { DeclarationError, type ErrorCode } from '../errors.js';
import { parsePyJson } from '../json/parsePyJson.js';
import { parseYaml, YamlReadError } from '../json/parseYaml.js';
import type { PyJson, PyJsonObject } from '../json/pyJson.js';
import { DECLARATION_FORMAT, type Declaration, type EnumDeclaration, type ModelDeclaration } from './declaration.js';
import { checkDeclaration } from './declarationChecks.js';
import { checkDeclarationNesting } from './declarationNesting.js';
import { msg } from './declarationMessages.js';
import {
  checkKnownKeys,
  childPath,
  expectArray,
  expectOneOf,
  expectObject,
  expectString,
  fail,
  isTreeArray,
  isTreeObject,
  requireKey,
  treeGet,
} from './declarationTree.js';
import { readEnum } from './readEnum.js';
import { readModel } from './readModel.js';
import { NameRegistry } from './readNames.js';
import { readUtf8File } from '../json/readUtf8.js';

// Types may refer to a model declared further down, so model names are gathered before the
// walk: every element of `models` that is an object with a string `name`.
const declaredModelNames = (node: PyJsonObject): Set<string> => {
  const models = treeGet(node, 'models');
  const names = new Set<string>();
  if (!isTreeArray(models)) return names;
  for (const model of models) {
    const name = isTreeObject(model) ? treeGet(model, 'name') : undefined;
    if (typeof name === 'string') names.add(name);
  }
  return names;
};

const readList = <T>(node: PyJsonObject, key: string, read: (tree: PyJson, path: string) => T): T[] | undefined => {
  const value = treeGet(node, key);
  if (value === undefined) return undefined;
  const path = childPath('$', key);
  return expectArray(value, path).map((item, index) => read(item, childPath(path, index)));
};

/**
 * Validates a declaration tree (as `parsePyJson` or `parseYaml` read it) against the neutral
 * format and returns it typed. Structural parts become plain objects and arrays; value positions
 * keep the tree's own lossless values. The first problem, in the walk order of docs/internals.md
 * ("Declaration errors"), is thrown as a `DeclarationError` with its JSON path.
 */
export const readDeclaration = (tree: PyJson): Declaration => {
  checkDeclarationNesting(tree);
  const node = expectObject(tree, '$');
  checkKnownKeys(node, ['format', 'root', 'mode', 'enums', 'models'], '$');
  const format = expectString(requireKey(node, 'format', '$'), '$.format');
  if (format !== DECLARATION_FORMAT) fail('$.format', msg.unsupportedFormat(format));
  const models = declaredModelNames(node);
  const rootNode = treeGet(node, 'root');
  const root = rootNode === undefined ? undefined : expectString(rootNode, '$.root');
  if (root !== undefined && !models.has(root)) fail('$.root', msg.unknownModel(root));
  const modeNode = treeGet(node, 'mode');
  const mode = modeNode === undefined ? undefined : expectOneOf(modeNode, ['validation', 'serialization'] as const, '$.mode');
  const registry = new NameRegistry();
  const enums = readList<EnumDeclaration>(node, 'enums', (item, path) => readEnum(item, path, registry));
  const enumsByName = new Map((enums ?? []).map((declared) => [declared.name, declared]));
  const context = {
    registry,
    types: { enums: new Set(enumsByName.keys()), models },
    defaults: { enums: enumsByName, models },
  };
  const modelList = readList<ModelDeclaration>(node, 'models', (item, path) => readModel(item, path, context));
  const declaration: Declaration = {
    format: DECLARATION_FORMAT,
    ...(root !== undefined && { root }),
    ...(mode !== undefined && { mode }),
    ...(enums !== undefined && { enums }),
    ...(modelList !== undefined && { models: modelList }),
  };
  checkDeclaration(declaration);
  return declaration;
};

/** A declaration file that cannot be read, parsed or accepted; the message names the file. */
export class DeclarationFileError extends DeclarationError {
  constructor(
    readonly file: string,
    reason: string,
    options: { readonly code: ErrorCode; readonly path?: string; readonly cause?: unknown },
  ) {
    super(`${file}: ${options.path === undefined ? '' : `${options.path}: `}${reason}`, options);
  }
}

const parseFile = (file: string, text: string): PyJson => {
  const extension = extname(file).toLowerCase();
  if (extension === '.json') return parsePyJson(text);
  if (extension === '.yaml' || extension === '.yml') return parseYaml(text);
  throw new DeclarationFileError(file, `unsupported declaration file extension ${JSON.stringify(extension)}; expected .json, .yaml or .yml`, { code: 'DECLARATION_FILE_EXTENSION' });
};

/** Reads a declaration from a `.json` or `.yaml`/`.yml` file. */
export const loadDeclaration = (file: string): Declaration => {
  let tree: PyJson;
  try {
    tree = parseFile(file, readUtf8File(file));
  } catch (error) {
    if (error instanceof DeclarationFileError) throw error;
    if (error instanceof YamlReadError) {
      const where = error.line === undefined ? '' : ` (line ${error.line}, column ${error.column})`;
      throw new DeclarationFileError(file, `cannot read declaration: ${error.message}${where}`, { code: 'DECLARATION_FILE_UNREADABLE', path: error.path, cause: error });
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new DeclarationFileError(file, `cannot read declaration: ${reason}`, { code: 'DECLARATION_FILE_UNREADABLE', cause: error });
  }
  try {
    return readDeclaration(tree);
  } catch (error) {
    if (error instanceof DeclarationError) {
      throw new DeclarationFileError(file, error.message, { path: error.path, code: error.code, cause: error });
    }
    throw error;
  }
};
