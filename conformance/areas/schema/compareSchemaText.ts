import { parsePyJson } from '../../../src/json/parsePyJson.js';
import type { PyJson } from '../../../src/json/pyJson.js';
import type { FixtureCase } from '../../fixtures/fixtureCase.js';
import { toPlainJson } from '../../util/toPlainJson.js';
import { compareValues } from '../../compare/compareValues.js';
import type { FieldComparator } from '../../compare/opComparator.js';
import { textSpellingRules } from '../../compare/textSpelling.js';
import { IDENTICAL, divergent, equivalent, worseStatus, type VerdictStatus } from '../../compare/verdict.js';
import { behaviourCheck } from './behaviourCheck.js';
import { setDifference } from './setDifference.js';

/** Instances to compare two schemas of a case by, or why there are none. */
export type InstanceSource = (testCase: FixtureCase) => { readonly instances: readonly PyJson[] } | { readonly unavailable: string };

const parse = (text: string, owner: string): { readonly value: PyJson } | { readonly error: string } => {
  try {
    return { value: parsePyJson(text) };
  } catch (error) {
    return { error: `the schema text of ${owner} is not JSON: ${(error as Error).message}` };
  }
};

/**
 * Compares two schema texts (an `input_schema`), from the cheapest check to the most telling:
 * exact text; else both parsed and diffed path by path (a difference of key order or of int
 * against float alone is `equivalent`, any other `divergent`); then json-schema-diff for what
 * the accepted set gained or lost; then behaviour, instances generated from the declaration
 * validated under both schemas. A difference found by either of the last two is `divergent`.
 */
export const makeSchemaTextComparator =
  (instancesFor: InstanceSource): FieldComparator =>
  async (left, right, sides, context) => {
    if (typeof left !== 'string' || typeof right !== 'string') return compareValues(left, right, sides);
    if (left === right) return IDENTICAL;
    const parsedA = parse(left, sides.left);
    const parsedB = parse(right, sides.right);
    if ('error' in parsedA) return divergent(parsedA.error);
    if ('error' in parsedB) return divergent(parsedB.error);
    const structure = compareValues(parsedA.value, parsedB.value, sides, { limit: 50 });
    const notes: string[] = [structure.status === 'identical' ? 'same schema in other text (spacing or escapes)' : `structure: ${structure.detail}`];
    // What lets the texts stand apart: the structure's own rules, or how the same structure is spelled.
    const rules = structure.status === 'identical' ? textSpellingRules(left, right, { spacing: true }) : (structure.rules ?? []);
    let status: VerdictStatus = structure.status === 'identical' ? (rules === undefined ? 'divergent' : 'equivalent') : structure.status;
    const plainA = toPlainJson(parsedA.value);
    const plainB = toPlainJson(parsedB.value);
    const set = await setDifference(plainA, plainB, sides);
    notes.push(set.note);
    const source = instancesFor(context.testCase);
    if ('unavailable' in source) notes.push(`behaviour check skipped: ${source.unavailable}`);
    else {
      const behaviour = behaviourCheck(plainA, plainB, source.instances, sides);
      notes.push(behaviour.note);
      if (behaviour.differs) status = worseStatus(status, 'divergent');
    }
    if (set.differs) status = worseStatus(status, 'divergent');
    return status === 'divergent' ? divergent(notes.join('; ')) : equivalent(notes.join('; '), rules ?? []);
  };
