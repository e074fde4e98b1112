import { parsePyJson } from '../../../src/json/parsePyJson.js';
import type { PyJson } from '../../../src/json/pyJson.js';
import type { AgentPlan } from '../../../src/plan/agentPlan.js';
import { ClassRegistry } from '../../../src/plan/classRegistry.js';
import { diffPlans } from '../../../src/plan/diff/diffPlans.js';
import type { IdentityMapping } from '../../../src/plan/diff/identities.js';
import { readPlan } from '../../../src/plan/readPlan.js';
import { OpaqueResource, SerializableProvider } from '../../../src/plan/resourceProvider.js';
import { serializeResource } from '../../../src/plan/writePlan.js';
import { getField, isPyObject } from '../../util/pyObject.js';
import { compareValues } from '../../compare/compareValues.js';
import { diffValues, showPointer, type Sides } from '../../compare/diffValues.js';
import type { FieldComparator } from '../../compare/opComparator.js';
import { makeSchemaTextComparator } from '../schema/compareSchemaText.js';
import { textSpellingRules } from '../../compare/textSpelling.js';
import { IDENTICAL, combineVerdicts, divergent, equivalent, labelled, type Verdict } from '../../compare/verdict.js';

const SHOWN = 5;

// A plan case states no instances to try two input schemas on; their structure and accepted sets still compare.
const compareSchemaText = makeSchemaTextComparator(() => ({ unavailable: 'a plan case states no instances to validate' }));

const asData = (plan: string | PyJson): AgentPlan => readPlan(plan, { registry: new ClassRegistry(), language: null });

const list = (items: readonly string[]): string => {
  const shown = items.slice(0, SHOWN);
  return items.length > SHOWN ? `${shown.join('; ')}; and ${items.length - SHOWN} more` : shown.join('; ');
};

/** The input schemas of the AGENT resources of a plan, by the JSON pointer of each. */
const inputSchemas = (plan: AgentPlan): Map<string, string> => {
  const schemas = new Map<string, string>();
  for (const [name, provider] of plan.resourceProviders?.get('agent') ?? []) {
    if (!(provider instanceof SerializableProvider) || provider.kind === 'JavaSerializableResourceProvider') continue;
    const data: PyJson = provider.resource instanceof OpaqueResource ? provider.resource.data : serializeResource(provider.resource);
    const schema = isPyObject(data) ? getField(data, 'input_schema') : undefined;
    if (typeof schema === 'string') schemas.set(`/resource_providers/agent/${name}/serialized/input_schema`, schema);
  }
  return schemas;
};

// What an `expect` states of a plan must be in it; the plan may say more.
const containsPlan = (expected: PyJson, actual: PyJson, sides: Sides): Verdict => {
  const missing = diffValues(expected, actual, sides, { limit: 50 }).filter((d) => d.kind !== 'extra' && d.kind !== 'key-order');
  return missing.length === 0 ? IDENTICAL : divergent(list(missing.map((d) => d.text)));
};

/**
 * Compares two plans (`build_plan`, `load_plan` results) by meaning, through `diffPlans`: the
 * language-neutral parts exactly, functions and classes through the mapping between languages.
 * Input schemas that differ in text go through the schema comparator. An `expect` states part of
 * a plan as JSON, and is checked to be in the plan. `identities` extends the mapping between
 * languages (an area's own functions, such as `run_internal`'s scripted action).
 */
export const planTextComparator = (identities?: IdentityMapping): FieldComparator => async (left, right, sides, context) => {
  if (typeof right !== 'string') return compareValues(left, right, sides);
  let actual: PyJson;
  try {
    actual = parsePyJson(right);
  } catch (error) {
    return divergent(`the plan ${sides.right} wrote is not JSON: ${(error as Error).message}`);
  }
  if (typeof left !== 'string') return containsPlan(left, actual, sides);
  if (left === right) return IDENTICAL;
  let plans: [AgentPlan, AgentPlan];
  try {
    // The right side is read from the tree parsed above, which parsing its text again would repeat.
    plans = [asData(left), asData(actual)];
  } catch (error) {
    return divergent(`a plan does not read: ${(error as Error).message}`);
  }
  const { differences, equivalences } = diffPlans(...plans, identities === undefined ? {} : { identities });
  const [schemasA, schemasB] = plans.map(inputSchemas) as [Map<string, string>, Map<string, string>];
  const verdicts: Verdict[] = [];
  for (const [pointer, schema] of schemasA) {
    const other = schemasB.get(pointer);
    if (other !== undefined && other !== schema) verdicts.push(labelled(showPointer(pointer), await compareSchemaText(schema, other, sides, { ...context, pointer })));
  }
  const others = differences.filter((d) => !(d.pointer.includes('/input_schema') && schemasA.has(d.pointer.split('#')[0]!)));
  if (others.length > 0) verdicts.push(divergent(list(others.map((d) => `${showPointer(d.pointer)} ${d.message}`))));
  const subjects = [...new Set(equivalences.filter((e) => !schemasA.has(e.pointer)).map((e) => e.subject))];
  // Names mapped between the languages, or else only the order that carries no meaning or the spelling.
  const rules = subjects.length > 0 ? ['type-names' as const] : (textSpellingRules(left, right, { spacing: true }) ?? ['key-order' as const]);
  verdicts.push(equivalent(subjects.length > 0 ? `same plan, each language naming its own: ${subjects.join(', ')}` : 'same plan in other text', rules));
  return combineVerdicts(verdicts);
};

export const comparePlanText: FieldComparator = planTextComparator();

/**
 * Compares plans that must be the same text (`load_plan` writes a plan back unchanged): another
 * text is divergent even when it means the same, and the detail says what changed.
 */
export const compareUnchangedPlanText: FieldComparator = async (left, right, sides, context) => {
  if (typeof left !== 'string' || typeof right !== 'string' || left === right) return comparePlanText(left, right, sides, context);
  const meaning = await comparePlanText(left, right, sides, context);
  return divergent(`the plan is not written back unchanged: ${meaning.detail}`);
};
