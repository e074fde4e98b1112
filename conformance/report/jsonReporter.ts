import type { ConformanceReport } from './report.js';

/** The report as JSON, described by `conformance/report.schema.json`. */
export const jsonReporter = (report: ConformanceReport): string => `${JSON.stringify(report, null, 2)}\n`;
