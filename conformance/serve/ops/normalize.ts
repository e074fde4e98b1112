import { hash } from 'node:crypto';
import { PyFloat, type PyJson } from '../../../src/json/pyJson.js';
import { writePyJson, writePyString } from '../../../src/json/writePyJson.js';
import { normalizeAndRender } from '../../../src/actions/normalizeResult.js';
import { toChatMessageContent } from '../../../src/actions/renderContent.js';
import { isPlainRecord } from '../../../src/actions/normalize/jsonObjects.js';
import { describeValue } from '../../../src/actions/normalize/describeValue.js';
import { decodeValue, type ModelFactory } from '../../codec/decodeValue.js';
import type { Declaration, TypeExpr } from '../../../src/types/declaration.js';
import { UNSUPPORTED_TYPES } from '../../../src/types/validate/compileValidator.js';
import { IndistinctSecondsError } from '../../../src/types/validate/temporal/validateTimedelta.js';
import type { DeclaredType } from '../../../src/subagent/declaredType.js';
import { declaredModels } from '../../kit/declarations.js';
import { errorResult } from '../../kit/errorShape.js';
import type { OpHandler, ProtocolCase } from './index.js';
import { pushAll } from '../../../src/util/pushAll.js';

const inputOf = (testCase: ProtocolCase): ReadonlyMap<string, PyJson> => {
  const input = testCase.input;
  if (!(input instanceof Map) || !input.has('value')) throw new Error(`case ${testCase.id}: input needs a value`);
  return input as ReadonlyMap<string, PyJson>;
};

/** A case's declaration, read once, with what the op needs of it. */
interface ReadDeclaration {
  readonly declaration: Declaration;
  /** A type the TypeScript validator does not read, if the declaration uses one. */
  readonly unsupported: string | undefined;
  /** What `$model` builds: an instance of the class made from the declaration. */
  readonly models: ReadonlyMap<string, ModelFactory>;
}

/** A type of the declaration the TypeScript validator does not read, if one is used anywhere. */
const unsupportedType = (declaration: Declaration): string | undefined => {
  const pending: TypeExpr[] = (declaration.models ?? []).flatMap((model) => model.fields.map((field) => field.type));
  while (pending.length > 0) {
    const expr = pending.pop()!;
    if (UNSUPPORTED_TYPES.has(expr.type)) return expr.type;
    if ('items' in expr && expr.items !== undefined) pushAll(pending, Array.isArray(expr.items) ? expr.items : [expr.items as TypeExpr]);
    if (expr.type === 'dict') pushAll(pending, [expr.keys, expr.values].filter((e): e is TypeExpr => e !== undefined));
    if (expr.type === 'union') pushAll(pending, expr.members);
  }
  return undefined;
};

const readCaseDeclaration = (tree: PyJson): ReadDeclaration => {
  const { declaration, models } = declaredModels(tree);
  return { declaration, unsupported: unsupportedType(declaration), models };
};

const KEPT = 64;
const kept = new Map<string, ReadDeclaration>();
const byObject = new WeakMap<object, ReadDeclaration>();

/**
 * The case's declaration, read and checked, or undefined when it has none. The last few are kept
 * by their text, and with them the validators and model classes built for them: a fuzzing run
 * sends the same declarations many times. A declaration sent by key arrives as the same object
 * each time, which is found without writing its text.
 */
const declarationOf = (testCase: ProtocolCase): ReadDeclaration | undefined => {
  const tree = testCase.declaration;
  if (tree === undefined || tree === null) return undefined;
  const known = typeof tree === 'object' ? byObject.get(tree) : undefined;
  if (known !== undefined) return known;
  const text = writePyJson(tree);
  const read = kept.get(text) ?? readCaseDeclaration(tree);
  kept.delete(text);
  kept.set(text, read);
  if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
  if (typeof tree === 'object') byObject.set(tree, read);
  return read;
};

/** The normalized value as compact JSON text: the content itself for containers and booleans. */
const jsonText = (value: PyJson, content: string): string =>
  typeof value === 'string' ? writePyString(value) : content;

/**
 * `normalize`: `{value, result_type?}` -> `{json, content, json_sha256}`, or the error normalization
 * reports. `json_sha256` lets a fixture pin a result too long to write out (a 100,000-deep chain).
 */
export const normalizeOp: OpHandler = (testCase) => {
  const input = inputOf(testCase);
  const read = declarationOf(testCase);
  if (read?.unsupported) return { skipped: `the declaration uses ${read.unsupported} fields, which the TypeScript validator does not read` };
  const raw = decodeValue(input.get('value')!, read === undefined ? {} : { models: read.models });
  const typeName = input.get('result_type');
  let resultType: DeclaredType | undefined;
  if (typeof typeName === 'string') {
    if (!read?.declaration.models?.some((model) => model.name === typeName)) {
      throw new Error(`case ${testCase.id}: result_type '${typeName}' is not a model of the declaration`);
    }
    resultType = { declaration: read.declaration, name: typeName };
  }
  try {
    const { value, content } = normalizeAndRender(raw, resultType);
    const json = jsonText(value, content);
    // One call, not a Hash object per case: a fuzzing run digests every result.
    const digest = hash('sha256', json, 'hex');
    return { result: new Map([['json', json], ['content', content], ['json_sha256', digest]]) };
  } catch (error) {
    // A value the TypeScript validator cannot read as Python would is not a result to compare.
    if (error instanceof IndistinctSecondsError) return { skipped: error.message };
    return errorResult(error);
  }
};

const isRenderable = (value: unknown): boolean => {
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'number':
    case 'bigint':
      return true;
    case 'object':
      return value === null || Array.isArray(value) || value instanceof Map || value instanceof PyFloat || isPlainRecord(value);
    default:
      return false;
  }
};

/** `render_content`: `{value}` -> `{content}`, the text the model would read for that value as it is. */
export const renderContentOp: OpHandler = (testCase) => {
  const read = declarationOf(testCase);
  const raw = decodeValue(inputOf(testCase).get('value')!, read === undefined ? {} : { models: read.models });
  if (!isRenderable(raw)) {
    return { skipped: `rendering a ${describeValue(raw)} falls back to str(), whose text is language-specific` };
  }
  try {
    return { result: new Map([['content', toChatMessageContent(raw as PyJson)]]) };
  } catch (error) {
    return errorResult(error);
  }
};
