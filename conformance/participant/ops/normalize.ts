import { createHash } from 'node:crypto';
import { isAgentparityError } from '../../../src/errors.js';
import { PyFloat, type PyJson } from '../../../src/json/pyJson.js';
import { writePyString } from '../../../src/json/writePyJson.js';
import { normalizeAndRender } from '../../../src/actions/normalizeResult.js';
import { toChatMessageContent } from '../../../src/actions/renderContent.js';
import { isPlainRecord } from '../../../src/actions/normalize/jsonObjects.js';
import { describeValue } from '../../../src/actions/normalize/describeValue.js';
import { decodeValue } from '../../codec/decodeValue.js';
import type { OpHandler, OpOutcome, ProtocolCase } from './index.js';

const inputOf = (testCase: ProtocolCase): ReadonlyMap<string, PyJson> => {
  const input = testCase.input;
  if (!(input instanceof Map) || !input.has('value')) throw new Error(`case ${testCase.id}: input needs a value`);
  return input as ReadonlyMap<string, PyJson>;
};

/** An error the operation reports, as `{error: {kind, message, path?}}`; anything else is rethrown. */
const reported = (error: unknown): OpOutcome => {
  if (!isAgentparityError(error)) throw error;
  const body = new Map<string, PyJson>([
    ['kind', error.kind],
    ['message', error.message],
  ]);
  if (error.path !== undefined) body.set('path', error.path);
  return { result: new Map([['error', body]]) };
};

/** The normalized value as compact JSON text: the content itself for containers and booleans. */
const jsonText = (value: PyJson, content: string): string =>
  typeof value === 'string' ? writePyString(value) : content;

/**
 * `normalize`: `{value, result_type?}` -> `{json, content, json_sha256}`, or the error normalization
 * reports. `json_sha256` lets a fixture pin a result too long to write out (a 100,000-deep chain).
 */
export const normalizeOp: OpHandler = (testCase) => {
  const raw = decodeValue(inputOf(testCase).get('value')!);
  try {
    const { value, content } = normalizeAndRender(raw);
    const json = jsonText(value, content);
    const digest = createHash('sha256').update(json, 'utf8').digest('hex');
    return { result: new Map([['json', json], ['content', content], ['json_sha256', digest]]) };
  } catch (error) {
    return reported(error);
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
  const raw = decodeValue(inputOf(testCase).get('value')!);
  if (!isRenderable(raw)) {
    return { skipped: `rendering a ${describeValue(raw)} falls back to str(), whose text is language-specific` };
  }
  try {
    return { result: new Map([['content', toChatMessageContent(raw as PyJson)]]) };
  } catch (error) {
    return reported(error);
  }
};
