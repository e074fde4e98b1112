import { summarize, type ConformanceReport } from '../../conformance/report/report.js';

/** A report with one case of every status, a known divergence, bad input and a stale entry. */
export const sampleReport = (): ConformanceReport =>
  summarize(
    {
      participants: [
        { name: 'ts', implementation: { name: 'agentparity', language: 'typescript', version: '0.1.0', ops: ['derive_schema'] } },
        { name: 'python' },
      ],
      cases: [
        { id: 'schema/a/same', op: 'derive_schema', participant: 'ts', status: 'identical', detail: '' },
        { id: 'schema/a/same', op: 'derive_schema', participant: 'python', status: 'identical', detail: '' },
        { id: 'schema/a/float', op: 'derive_schema', participant: 'ts', status: 'equivalent', detail: 'vs python: `/n` is 1.0 in python and 1 in ts' },
        { id: 'schema/a/float', op: 'derive_schema', participant: 'python', status: 'identical', detail: '' },
        { id: 'schema/a/pipe', op: 'derive_schema', participant: 'ts', status: 'divergent', detail: 'vs python: `/a|b` is "<x>" & more\nsecond line' },
        { id: 'schema/a/pipe', op: 'derive_schema', participant: 'python', status: 'identical', detail: '' },
        { id: 'schema/a/known', op: 'derive_schema', participant: 'ts', status: 'divergent', detail: 'vs python: differs', known: { reason: 'upstream bug', issue: '#7' } },
        { id: 'schema/a/known', op: 'derive_schema', participant: 'python', status: 'identical', detail: '' },
        { id: 'schema/a/crash', op: 'derive_schema', participant: 'ts', status: 'identical', detail: '' },
        {
          id: 'schema/a/crash',
          op: 'derive_schema',
          participant: 'python',
          status: 'errored',
          detail: 'the participant exited with code 3 while running this case',
          context: { message: 'the participant exited with code 3 while running this case', exit_code: 3, stderr: 'boom\u0001\n', traceback: 'Traceback' },
        },
        { id: 'schema/a/skip', op: 'derive_schema', participant: 'ts', status: 'skipped', detail: 'op derive_schema is not supported by agentparity' },
        { id: 'schema/a/skip', op: 'derive_schema', participant: 'python', status: 'unchecked', detail: 'not checked: the case has no expect and no other participant answered it' },
      ],
      bad_input: [{ file: 'fixtures/schema/b.yaml', case: 'schema/b/x', path: '$.cases[0].op', message: 'op must be one of derive_schema' }],
      known_divergences: { file: 'known.yaml', stale: [{ id: 'schema/a/same', participant: 'ts', reason: 'old', status: 'identical' }], unmatched: [{ id: 'schema/a/gone', participant: 'ts', reason: 'renamed' }] },
    },
    'python',
  );
