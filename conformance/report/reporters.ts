import { consoleReporter, type ConsoleOptions } from './consoleReporter.js';
import { jsonReporter } from './jsonReporter.js';
import { junitReporter } from './junitReporter.js';
import { markdownReporter } from './markdownReporter.js';
import type { ConformanceReport } from './report.js';

export type ReporterName = 'console' | 'json' | 'junit' | 'markdown';

/** Every reporter by the name `--reporter` takes. */
export const reporters: Record<ReporterName, (report: ConformanceReport, options?: ConsoleOptions) => string> = {
  console: consoleReporter,
  json: jsonReporter,
  junit: junitReporter,
  markdown: markdownReporter,
};

export const isReporterName = (name: string): name is ReporterName => Object.hasOwn(reporters, name);
