/**
 * What the tool-call action reports about each call (reference §4.8): a resolved delegation under
 * scope SUBAGENT and the registered name without the prefix, anything else under scope TOOL and
 * the name the model called. Failures carry the problem category `TOOL_CALL_FAILED`.
 */
export type ReportScope = 'SUBAGENT' | 'TOOL';
export type ReportStatus = 'created' | 'started' | 'succeeded' | 'failed';

export interface ExecutionReport {
  readonly scope: ReportScope;
  readonly name: string;
  readonly status: ReportStatus;
  /** ISO 8601 in UTC with a `Z`, stamped by the context. */
  readonly at: string;
  readonly category?: 'TOOL_CALL_FAILED';
}

export type ReportInput = Omit<ExecutionReport, 'at' | 'category'>;

/** The report as stamped now; a failure gets its category. */
export const stampReport = (input: ReportInput): ExecutionReport => ({
  ...input,
  at: new Date().toISOString(),
  ...(input.status === 'failed' ? { category: 'TOOL_CALL_FAILED' as const } : {}),
});
