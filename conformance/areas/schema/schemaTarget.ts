import fc from 'fast-check';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { PyJson } from '../../../src/json/pyJson.js';
import type { Sides } from '../../compare/diffValues.js';
import { judgeOutcome, type CaseVerdict } from '../../compare/judgeOutcome.js';
import type { FixtureCase } from '../../fixtures/fixtureCase.js';
import type { ParticipantOutcome } from '../../clients/participant.js';
import { parsePlainJson } from '../../util/toPlainJson.js';
import { getField, isPyObject, pyObject } from '../../util/pyObject.js';
import type { FuzzTarget } from '../../fuzz/fuzzTarget.js';
import { declarationArbitrary } from './declarationArbitrary.js';
import { text } from './valueArbitraries.js';

export interface SchemaFuzzValue {
  readonly declaration: Map<string, PyJson>;
  readonly input: Map<string, PyJson>;
}

const ID = 'schema/fuzz/declaration';

// The derive_schema input: mostly the root model, sometimes with a description or another model.
const input = (declaration: Map<string, PyJson>): fc.Arbitrary<Map<string, PyJson>> => {
  const models = (declaration.get('models') as Map<string, PyJson>[]).map((m) => String(m.get('name')));
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant(new Map<string, PyJson>()) },
    { weight: 2, arbitrary: text.map((description) => pyObject([['description', description]])) },
    { weight: 1, arbitrary: fc.constantFrom(...models).map((name) => pyObject([['input_type', pyObject([['type', 'model'], ['name', name]])]])) },
  );
};

const metaSchema = new Ajv2020({ strict: false, validateFormats: false });

/** Why a schema text is not valid JSON Schema 2020-12, or undefined when it is. */
const metaSchemaProblem = (result: PyJson): string | undefined => {
  const schema = isPyObject(result) ? getField(result, 'input_schema') : undefined;
  if (typeof schema !== 'string') return undefined;
  const valid = metaSchema.validateSchema(parsePlainJson(schema) as object);
  return valid ? undefined : `the schema is not valid under the draft 2020-12 meta-schema: ${metaSchema.errorsText(metaSchema.errors)}`;
};

const fixtureCase = (value: SchemaFuzzValue): FixtureCase => ({ id: ID, area: 'schema', file: '(fuzz)', op: 'derive_schema', contracts: [], declaration: value.declaration, input: value.input });

/**
 * The properties, for the reference and each participant compared with it: both answer; the texts are the same (a text that
 * differs is a failure even when the schemas mean the same: the contract is byte identity, and
 * the detail then carries the structural, json-schema-diff and behaviour comparison); and the
 * schema is valid under the draft 2020-12 meta-schema.
 */
const compare = async (reference: ParticipantOutcome, other: ParticipantOutcome, value: SchemaFuzzValue, sides: Sides): Promise<CaseVerdict> => {
  const testCase = fixtureCase(value);
  for (const [name, outcome] of [[sides.left, reference], [sides.right, other]] as const) {
    if (outcome.status !== 'result') {
      const verdict = await judgeOutcome(testCase, name, outcome, undefined);
      return { ...verdict, detail: `${name}: ${verdict.detail}` };
    }
  }
  const verdict = await judgeOutcome(testCase, sides.right, other, { name: sides.left, outcome: reference });
  if (verdict.status === 'equivalent') return { status: 'divergent', detail: `the texts differ: ${verdict.detail}` };
  if (verdict.status !== 'identical' || reference.status !== 'result') return verdict;
  const problem = metaSchemaProblem(reference.result);
  return problem === undefined ? verdict : { status: 'divergent', detail: problem };
};

export const schemaTarget: FuzzTarget<SchemaFuzzValue> = {
  name: 'schema',
  summary: 'random declarations: every participant derives the same input-schema text, valid JSON Schema',
  area: 'schema',
  arbitrary: declarationArbitrary.chain((declaration) => input(declaration).map((i) => ({ declaration, input: i }))),
  toCase: (value) => ({ id: ID, op: 'derive_schema', declaration: value.declaration, input: value.input }),
  compare,
};
