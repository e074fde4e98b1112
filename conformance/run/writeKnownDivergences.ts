import { writeFileSync } from 'node:fs';
import type { ConformanceReport } from '../report/report.js';

/** The reason a written entry carries until a person replaces it; the run refuses it as bad input. */
export const PLACEHOLDER_REASON = 'TODO: say why this divergence is expected, or fix it';

const quote = (text: string): string => JSON.stringify(text);

/**
 * Writes every divergent case of a report as a known-divergence file (YAML, the format
 * `--known-divergences` reads): a case already listed keeps its reason and issue, a new one gets
 * the placeholder reason. Returns how many entries are new.
 */
export const writeKnownDivergences = (file: string, report: ConformanceReport): { entries: number; placeholders: number } => {
  const divergent = report.cases.filter((c) => c.status === 'divergent');
  const lines = [
    '# Known divergences, written by agentparity conformance --write-known-divergences.',
    `# Replace each "${PLACEHOLDER_REASON}" with the reason: until then the run refuses this file.`,
    ...divergent.flatMap((c) => [
      `- id: ${quote(c.id)}`,
      `  participant: ${quote(c.participant)}`,
      `  reason: ${quote(c.known?.reason ?? PLACEHOLDER_REASON)}`,
      ...(c.known?.issue === undefined ? [] : [`  issue: ${quote(c.known.issue)}`]),
    ]),
    ...(divergent.length === 0 ? ['[]'] : []),
    '',
  ];
  writeFileSync(file, lines.join('\n'));
  return { entries: divergent.length, placeholders: divergent.filter((c) => c.known === undefined).length };
};
