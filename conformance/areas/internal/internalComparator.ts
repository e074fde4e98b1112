import { DEFAULT_IDENTITIES, type IdentityMapping } from '../../../src/plan/diff/identities.js';
import { compareValues } from '../../compare/compareValues.js';
import type { FieldComparator, OpComparator } from '../../compare/opComparator.js';
import { equivalent } from '../../compare/verdict.js';
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

/**
 * Values compared losslessly, except that a failure summary (`<ExceptionClass>: <message>`)
 * names the exception in each language's own way: alike once both are Python's names.
 */
const compareNamingFailures: FieldComparator = (left, right, sides, { pointer }) => {
  const plain = compareValues(left, right, sides, { pointer });
  if (plain.status !== 'divergent') return plain;
  const masked = compareValues(maskFailureNames(left), maskFailureNames(right), sides, { pointer });
  if (masked.status === 'divergent') return plain;
  return equivalent(`${plain.detail} (failure summaries that differ only in each language's name for the error)`, ['type-names', ...(masked.rules ?? [])]);
};

/** `run_internal`: the plan by meaning, runs, calls, log and replay with each language's error names. */
export const internalComparator: OpComparator = {
  fields: {
    plan: planTextComparator(IDENTITIES),
    runs: compareNamingFailures,
    calls: compareNamingFailures,
    log: compareNamingFailures,
    replay: compareNamingFailures,
  },
};
