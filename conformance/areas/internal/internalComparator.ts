import { DEFAULT_IDENTITIES, type IdentityMapping } from '../../../src/plan/diff/identities.js';
import { compareValues } from '../../compare/compareValues.js';
import type { FieldComparator, OpComparator } from '../../compare/opComparator.js';
import type { PyJson } from '../../../src/json/pyJson.js';
import { writePyJson } from '../../../src/json/writePyJson.js';
import { diffValues, type Sides } from '../../compare/diffValues.js';
import { IDENTICAL, divergent, equivalent, type Verdict } from '../../compare/verdict.js';
import { planTextComparator } from '../plan/comparePlanText.js';
import { maskFailureNames } from './failureNames.js';

// The scripted action is one function in each language: the same entry of the mapping.
const IDENTITIES: IdentityMapping = {
  functions: new Map([
    ...DEFAULT_IDENTITIES.functions,
    [
      'run_internal scripted action',
      [
        { funcType: 'TypeScriptFunction', module: 'agentparity/conformance/internal', qualname: 'scriptedAction' },
        { funcType: 'PythonFunction', module: 'agentparity_ref.ops.internal.scripted_action', qualname: 'scripted_action' },
      ],
    ],
  ]),
  classes: DEFAULT_IDENTITIES.classes,
};

const NAMING = "failure summaries that differ only in each language's name for the error";

// What an `expect` states must be in the result: objects may have more keys (an error's code, a
// call's ids), lists have the stated items.
const contains = (expected: PyJson, actual: PyJson, sides: Sides, pointer: string): Verdict => {
  const missing = (a: PyJson, b: PyJson) => diffValues(a, b, sides, { pointer, limit: 20 }).filter((d) => d.kind !== 'extra' && d.kind !== 'key-order');
  const plain = missing(expected, actual);
  if (plain.length === 0) return IDENTICAL;
  const detail = plain.map((d) => d.text).join('; ');
  return missing(maskFailureNames(expected), maskFailureNames(actual)).length === 0 ? equivalent(`${detail} (${NAMING})`, ['type-names']) : divergent(detail);
};

/**
 * Values compared losslessly, except that a failure summary (`<ExceptionClass>: <message>`)
 * names the exception in each language's own way: alike once both are Python's names.
 */
const compareNamingFailures: FieldComparator = (left, right, sides, { pointer }) => {
  if (sides.left === 'expect') return contains(left, right, sides, pointer);
  const plain = compareValues(left, right, sides, { pointer });
  if (plain.status !== 'divergent') return plain;
  const masked = compareValues(maskFailureNames(left), maskFailureNames(right), sides, { pointer });
  if (masked.status === 'divergent') return plain;
  return equivalent(`${plain.detail} (${NAMING})`, ['type-names', ...(masked.rules ?? [])]);
};

// Concurrent calls interleave their actions in any order: the log is compared as a multiset.
const sortedLog = (log: PyJson): PyJson =>
  Array.isArray(log) ? [...log].map((entry) => [writePyJson(maskFailureNames(entry), { separators: 'compact' }), entry] as const).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, entry]) => entry) : log;

const compareLogs: FieldComparator = (left, right, sides, context) => compareNamingFailures(sortedLog(left), sortedLog(right), sides, context);

// A call's `cancelled` came after the first version of the op: when either participant leaves it
// out, both sides' calls are compared on the other keys.
const LATER_CALL_KEY = 'cancelled';
const lacksLaterKey = (calls: PyJson): boolean => Array.isArray(calls) && calls.some((call) => call instanceof Map && !call.has(LATER_CALL_KEY));
const withoutLaterKey = (calls: PyJson): PyJson =>
  Array.isArray(calls) ? calls.map((call) => (call instanceof Map ? new Map([...call].filter(([key]) => key !== LATER_CALL_KEY)) : call)) : calls;
const alignCalls = (left: PyJson, right: PyJson, sides: Sides): [PyJson, PyJson] =>
  sides.left !== 'expect' && (lacksLaterKey(left) || lacksLaterKey(right)) ? [withoutLaterKey(left), withoutLaterKey(right)] : [left, right];

const compareCalls: FieldComparator = (left, right, sides, context) => compareNamingFailures(...alignCalls(left, right, sides), sides, context);

const compareReplays: FieldComparator = (left, right, sides, context) => {
  const get = (replay: PyJson, key: string): PyJson => (replay instanceof Map ? (replay.get(key) ?? null) : null);
  const [leftCalls, rightCalls] = alignCalls(get(left, 'calls'), get(right, 'calls'), sides);
  const aligned = (replay: PyJson, calls: PyJson): PyJson =>
    replay instanceof Map
      ? new Map([...replay].map(([k, v]) => [k, k === 'log' || k === 'log_before' ? sortedLog(v) : k === 'calls' ? calls : v] as [string, PyJson]))
      : replay;
  return compareNamingFailures(aligned(left, leftCalls), aligned(right, rightCalls), sides, context);
};

/** `run_internal`: the plan by meaning (an `expect` states part of it), runs, calls, log and replay (an `expect` may leave out keys of objects), with each language's error names. */
export const internalComparator: OpComparator = {
  fields: {
    plan: planTextComparator(IDENTITIES),
    runs: compareNamingFailures,
    calls: compareCalls,
    log: compareLogs,
    replay: compareReplays,
  },
};
