import type { PyJson } from '../../src/json/pyJson.js';
import type { FixtureCase } from '../fixtures/fixtureCase.js';
import type { TypeNameMask } from './compareErrors.js';
import type { Sides } from './diffValues.js';
import type { Verdict } from './verdict.js';

/** What a field comparator knows besides the two values. */
export interface FieldContext {
  readonly testCase: FixtureCase;
  /** The field's JSON pointer in the result (`/input_schema`). */
  readonly pointer: string;
}

/** Compares one top-level field of two results of an op, by that field's own meaning. */
export type FieldComparator = (left: PyJson, right: PyJson, sides: Sides, context: FieldContext) => Verdict | Promise<Verdict>;

/**
 * How an op's results compare, beyond the lossless value comparison every result gets: fields
 * with a comparator of their own (a schema text, a plan text) and the type-name mask for error
 * messages. Registered per op in `opComparators.ts`.
 */
export interface OpComparator {
  readonly fields?: Readonly<Record<string, FieldComparator>>;
  readonly maskTypeNames?: TypeNameMask;
  /** What error texts (`str()` of the error, such as pydantic's) may show each language's own way. */
  readonly maskErrorText?: TypeNameMask;
}
