import { isAgentparityError, protocolCode } from '../../../src/errors.js';
import type { PyJson } from '../../../src/json/pyJson.js';
import { defaultRegistry } from '../../../src/plan/defaultRegistry.js';
import { readPlan } from '../../../src/plan/readPlan.js';
import { writePlan } from '../../../src/plan/writePlan.js';
import { parseAgentsDocument } from '../../../src/plan/yaml/loadAgentsDocument.js';
import { readAgentsDocument } from '../../../src/plan/yaml/readAgentsDocument.js';
import { buildYamlPlan } from '../../../src/plan/yaml/yamlPlanBuilder.js';
import { isTreeObject, treeGet, treeKeys } from '../../../src/types/declarationTree.js';
import type { OpHandler, OpOutcome, ProtocolCase } from './index.js';

/**
 * `build_plan` and `load_plan` (docs/internals.md, "Ops"). Plans travel as text, so that neither
 * side's JSON code walks them on the way; a refused declaration or plan is
 * `{error: {kind, message, path?}}`, the same words and path the Python reference gives.
 */

/** The op's own input; a malformed one is a harness error (`errored`), not a refused declaration. */
const readInput = (testCase: ProtocolCase, keys: readonly string[]): Map<string, string> => {
  const options = testCase.input ?? new Map<string, PyJson>();
  if (!isTreeObject(options)) throw new Error(`${testCase.op} input must be an object`);
  const unknown = treeKeys(options).filter((key) => !keys.includes(key));
  if (unknown.length > 0) throw new Error(`${testCase.op} input has unknown keys ${JSON.stringify(unknown)}`);
  const read = new Map<string, string>();
  for (const key of keys) {
    const value = treeGet(options, key);
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') throw new Error(`${testCase.op} input.${key} must be a string`);
    read.set(key, value);
  }
  return read;
};

const refused = (error: unknown): OpOutcome => {
  if (!isAgentparityError(error)) throw error;
  const fields = new Map<string, PyJson>([['kind', error.kind]]);
  const code = protocolCode(error);
  if (code !== undefined) fields.set('code', code);
  fields.set('message', error.message);
  if (error.path !== undefined) fields.set('path', error.path);
  return { result: new Map([['error', fields]]) };
};

const planResult = (text: string): OpOutcome => ({ result: new Map([['plan', text]]) });

export const buildPlanOp: OpHandler = async (testCase) => {
  const input = readInput(testCase, ['yaml', 'agent', 'source']);
  const source = input.get('source') ?? '<declaration>';
  try {
    const yaml = input.get('yaml');
    const document = yaml === undefined ? readAgentsDocument(testCase.declaration ?? null, source) : parseAgentsDocument(yaml, source);
    return planResult(writePlan(await buildYamlPlan(document, input.get('agent'), { registry: defaultRegistry })));
  } catch (error) {
    return refused(error);
  }
};

export const loadPlanOp: OpHandler = (testCase) => {
  const text = readInput(testCase, ['plan']).get('plan');
  if (text === undefined) throw new Error('load_plan input.plan must be plan JSON text');
  try {
    return planResult(writePlan(readPlan(text, { registry: defaultRegistry })));
  } catch (error) {
    return refused(error);
  }
};
