import { parseYaml } from '../../src/json/parseYaml.js';
import type { PyJson } from '../../src/json/pyJson.js';
import { matchesFilter } from '../fixtures/filterCases.js';
import type { BadInput } from '../fixtures/fixtureCase.js';
import type { BaselineEntry, BaselineReport, CaseReport, FuzzKnownEntry } from '../report/report.js';
import { getField, isPyObject, objectKeys } from '../util/pyObject.js';
import { PLACEHOLDER_REASON } from './writeKnownDivergences.js';
import { readUtf8File } from '../../src/json/readUtf8.js';

const ENTRY_KEYS = new Set(['id', 'participant', 'reason', 'issue']);
const FUZZ_ENTRY_KEYS = new Set(['fuzz', 'participant', 'answers', 'reason', 'issue']);

/**
 * Reads a known-divergence file: a YAML list of `{id, participant, reason, issue?}` (one case)
 * and `{fuzz, participant, answers, reason, issue?}` (a class of drawn cases: every divergence
 * of fuzz target `fuzz` where the participant answers an error of kind `answers`), where the
 * reason is required. Conformance reads the first kind, fuzzing the second. A file that does not
 * read, or any entry that is malformed, is bad input.
 */
export const loadKnownDivergences = (file: string): { entries: BaselineEntry[]; fuzz: FuzzKnownEntry[] } | { problems: BadInput[] } => {
  let tree: PyJson;
  try {
    tree = parseYaml(readUtf8File(file));
  } catch (error) {
    return { problems: [{ file, message: `cannot read the known divergences: ${(error as Error).message}` }] };
  }
  if (!Array.isArray(tree)) return { problems: [{ file, path: '$', message: 'known divergences are a list of {id, participant, reason, issue?}' }] };
  const entries: BaselineEntry[] = [];
  const fuzz: FuzzKnownEntry[] = [];
  const problems: BadInput[] = [];
  const seen = new Set<string>();
  (tree as readonly PyJson[]).forEach((item, index) => {
    const path = `$[${index}]`;
    if (!isPyObject(item)) return problems.push({ file, path, message: 'an entry must be a mapping' });
    const text = (key: string): string | undefined => {
      const value = getField(item, key);
      return typeof value === 'string' && value.trim() !== '' ? value : undefined;
    };
    const before = problems.length;
    const isFuzz = getField(item, 'fuzz') !== undefined;
    const [allowed, required, shape] = isFuzz
      ? [FUZZ_ENTRY_KEYS, ['fuzz', 'participant', 'answers', 'reason'], 'a fuzz entry has fuzz, participant, answers, reason, issue']
      : [ENTRY_KEYS, ['id', 'participant', 'reason'], 'an entry has id, participant, reason, issue'];
    for (const key of objectKeys(item)) if (!allowed.has(key)) problems.push({ file, path: `${path}.${key}`, message: `unknown key ${JSON.stringify(key)} (${shape})` });
    for (const key of required) {
      if (text(key) === undefined) problems.push({ file, path: `${path}.${key}`, message: `${key} is required and must be a non-empty string` });
    }
    if (getField(item, 'issue') !== undefined && text('issue') === undefined) problems.push({ file, path: `${path}.issue`, message: 'issue must be a non-empty string' });
    if (text('reason') === PLACEHOLDER_REASON) problems.push({ file, path: `${path}.reason`, message: `${text('id') ?? 'this entry'} still has the placeholder reason: write why the divergence is expected` });
    if (problems.length > before) return;
    if (isFuzz) {
      const classKey = `${text('fuzz')}\u0000${text('participant')}\u0000${text('answers')}`;
      if (seen.has(classKey)) return problems.push({ file, path, message: `fuzz ${text('fuzz')} answers ${text('answers')} is listed twice for ${text('participant')}` });
      seen.add(classKey);
      return fuzz.push({ fuzz: text('fuzz')!, participant: text('participant')!, answers: text('answers')!, reason: text('reason')!, ...(text('issue') ? { issue: text('issue')! } : {}) });
    }
    const entry: BaselineEntry = { id: text('id')!, participant: text('participant')!, reason: text('reason')!, ...(text('issue') ? { issue: text('issue')! } : {}) };
    const key = `${entry.participant}\u0000${entry.id}`;
    if (seen.has(key)) return problems.push({ file, path, message: `${entry.id} is listed twice for ${entry.participant}` });
    seen.add(key);
    entries.push(entry);
  });
  return problems.length > 0 ? { problems } : { entries, fuzz };
};

export interface BaselineScope {
  readonly file: string;
  /** The run's --filter values: entries for cases outside them are not checked. */
  readonly filters: readonly string[];
  /** The participants of the run: entries for others are not checked. */
  readonly participants: readonly string[];
}

/**
 * Applies the protobuf rule: a listed divergence is reported as known; a listed case that no
 * longer diverges (or was skipped) is stale; an entry that matches no case of the run is
 * unmatched. Entries for cases outside the filters or for participants not in the run are not
 * checked. An errored case, or one an interruption kept from running, neither confirms nor refutes its entry.
 */
export const applyKnownDivergences = (
  cases: readonly CaseReport[],
  entries: readonly BaselineEntry[],
  scope: BaselineScope,
): { cases: CaseReport[]; baseline: BaselineReport } => {
  const byKey = new Map(entries.map((e) => [`${e.participant}\u0000${e.id}`, e]));
  const used = new Set<BaselineEntry>();
  const stale: BaselineReport['stale'][number][] = [];
  const out = cases.map((c) => {
    const entry = byKey.get(`${c.participant}\u0000${c.id}`);
    if (entry === undefined) return c;
    used.add(entry);
    if (c.status === 'divergent') return { ...c, known: { reason: entry.reason, ...(entry.issue ? { issue: entry.issue } : {}) } };
    if (c.status !== 'errored' && c.status !== 'not_run') stale.push({ ...entry, status: c.status });
    return c;
  });
  const unmatched = entries.filter(
    (e) => !used.has(e) && scope.participants.includes(e.participant) && matchesFilter(e.id, scope.filters),
  );
  return { cases: out, baseline: { file: scope.file, stale, unmatched } };
};
