import { DeclarationError, InvalidTypeError, InvalidValueError, protocolCode, type AgentparityError } from '../../../src/errors.js';
import type { PyJson } from '../../../src/json/pyJson.js';
import type { DeclaredType } from '../../../src/subagent/declaredType.js';
import { SubagentSetup } from '../../../src/subagent/subagentSetup.js';
import type { Declaration } from '../../../src/types/declaration.js';
import { readTypeExprIn, rootModel } from '../../../src/types/declarationLookup.js';
import { isTreeObject, treeGet, treeKeys } from '../../../src/types/declarationTree.js';
import { readDeclaration } from '../../../src/types/readDeclaration.js';
import type { OpHandler, OpOutcome } from './index.js';

const INPUT_KEYS = ['input_type', 'input_schema', 'description'];

interface DeriveInput {
  readonly inputType: PyJson | undefined;
  readonly inputSchema: string | null | undefined;
  readonly description: string | undefined;
}

/** The op's own input; a malformed one is a harness error (`errored`), not a refused declaration. */
const readInput = (tree: PyJson | undefined): DeriveInput => {
  const options = tree ?? new Map<string, PyJson>();
  if (!isTreeObject(options)) throw new Error('derive_schema input must be an object');
  const unknown = treeKeys(options).filter((key) => !INPUT_KEYS.includes(key));
  if (unknown.length > 0) throw new Error(`derive_schema input has unknown keys ${JSON.stringify(unknown)}`);
  const description = treeGet(options, 'description');
  if (description !== undefined && typeof description !== 'string') throw new Error('derive_schema input.description must be a string');
  const inputSchema = treeGet(options, 'input_schema');
  if (inputSchema !== undefined && inputSchema !== null && typeof inputSchema !== 'string') {
    throw new Error('derive_schema input.input_schema must be a string or null');
  }
  return { inputType: treeGet(options, 'input_type'), inputSchema, description };
};

const errorOutcome = (error: AgentparityError, withPath: boolean): OpOutcome => {
  const code = protocolCode(error);
  const fields: Array<[string, PyJson]> = [['kind', error.kind], ...(code === undefined ? [] : [['code', code] as [string, PyJson]]), ['message', error.message]];
  if (withPath && error.path !== undefined) fields.push(['path', error.path]);
  return { result: new Map([['error', new Map(fields)]]) };
};

// A missing input type is the root model; null is `object`.
const inputTypeOf = (declaration: Declaration, tree: PyJson | undefined): DeclaredType | null => {
  if (tree === undefined) return { declaration, name: rootModel(declaration) };
  if (tree === null) return null;
  return { declaration, expr: readTypeExprIn(declaration, tree, 'input.input_type') };
};

/**
 * `derive_schema`: a declaration and a sub-agent's options in, `{description, input_schema}` as
 * the setup serializes out, or `{error: {kind, message, path?}}` (docs/internals.md, "Ops").
 */
export const deriveSchema: OpHandler = (testCase) => {
  const input = readInput(testCase.input);
  let declaration: Declaration;
  let inputType: DeclaredType | null;
  try {
    declaration = readDeclaration(testCase.declaration ?? null);
    inputType = inputTypeOf(declaration, input.inputType);
  } catch (error) {
    if (error instanceof DeclarationError) return errorOutcome(error, true);
    throw error;
  }
  let setup: SubagentSetup;
  try {
    setup = new SubagentSetup({ description: input.description, inputSchema: input.inputSchema, inputType });
  } catch (error) {
    if (error instanceof InvalidValueError || error instanceof InvalidTypeError) return errorOutcome(error, false);
    throw error;
  }
  const json = setup.toJSON();
  return { result: new Map<string, PyJson>([['description', json.description], ['input_schema', json.input_schema]]) };
};
