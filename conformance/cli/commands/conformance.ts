import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { openPooledParticipant } from '../../clients/openParticipant.js';
import { matchesFilter } from '../../fixtures/filterCases.js';
import { describeBadInput, type BadInput, type FixtureCase } from '../../fixtures/fixtureCase.js';
import { loadFixtureRoots } from '../../fixtures/loadFixtures.js';
import { isSelected } from '../../fixtures/selectCases.js';
import { libraryWarnings, loadWrittenAgainst, type WrittenAgainst } from '../../fixtures/writtenAgainst.js';
import { mergeReports } from '../../report/mergeReports.js';
import { isProblem } from '../../report/problems.js';
import type { BaselineEntry, ConformanceReport } from '../../report/report.js';
import { reporters } from '../../report/reporters.js';
import { loadKnownDivergences } from '../../run/knownDivergences.js';
import { Interruption } from '../../run/interruption.js';
import { interruptedReport } from '../../run/interruptedReport.js';
import { runConformance, type ConformanceRun } from '../../run/runConformance.js';
import { writeKnownDivergences } from '../../run/writeKnownDivergences.js';
import { checkFixtureFolders, checkOutputFolder, checkParticipantPrograms } from '../checkInputs.js';
import { EXIT, UsageError, type Command } from '../command.js';
import { poolSize } from '../jobsOption.js';
import { conformanceUsage, readConformanceOptions, runParticipantOptions, type ConformanceOptions, type ReporterTarget } from '../conformanceOptions.js';

// Under --bail the cases run in batches of this many, so that a run can stop between two.
const BAIL_BATCH = 64;

const say = (message: string): void => {
  process.stderr.write(`agentparity conformance: ${message}\n`);
};

/** Makes the folder of each report file; before the run, so that a path that cannot be written fails at once. */
export const makeReportFolders = (targets: readonly ReporterTarget[]): void => {
  for (const target of targets) {
    if (target.file === undefined) continue;
    try {
      mkdirSync(dirname(target.file), { recursive: true });
    } catch (error) {
      throw new UsageError(`--reporter ${target.reporter}=${target.file}: cannot make its folder: ${(error as Error).message}`);
    }
  }
};

/** The cases the options select, with the bad input found on the way. */
const selectCases = (options: ConformanceOptions): { cases: FixtureCase[]; badInput: BadInput[]; written: WrittenAgainst[] } => {
  const loaded = loadFixtureRoots(options.fixtures, options.filters);
  const badInput: BadInput[] = [...loaded.problems];
  const where = options.fixtures.join(', ');
  for (const filter of options.filters) {
    if (!loaded.cases.some((c) => matchesFilter(c.id, [filter]))) badInput.push({ file: where, message: `--filter ${filter} selects no case` });
  }
  if (options.filters.length === 0 && loaded.cases.length === 0 && loaded.problems.length === 0) badInput.push({ file: where, message: 'no fixture cases found' });
  for (const exclude of options.exclude) {
    if (!loaded.cases.some((c) => matchesFilter(c.id, [exclude]))) badInput.push({ file: where, message: `--exclude ${exclude} leaves out no case` });
  }
  const written: WrittenAgainst[] = [];
  for (const root of options.fixtures) {
    const found = loadWrittenAgainst(root);
    if (found === undefined) continue;
    if ('message' in found) badInput.push(found);
    else written.push(found);
  }
  return { cases: loaded.cases.filter((c) => isSelected(c.id, options)), badInput, written };
};

/** Runs the cases; under --bail in batches, stopping after the batch where the problems reach the count. */
const run = async (options: ConformanceOptions, base: Omit<ConformanceRun, 'cases' | 'participants'>, cases: readonly FixtureCase[], interruption: Interruption): Promise<ConformanceReport> => {
  const open = (count: number) =>
    options.participants.map((spec) => {
      try {
        return interruption.guard(openPooledParticipant(spec, runParticipantOptions(options), poolSize(options.jobs, count, options.participants.length)));
      } catch (error) {
        throw new UsageError(`--participant ${JSON.stringify(spec)}: ${(error as Error).message}`);
      }
    });
  if (options.bail === undefined) return runConformance({ ...base, cases, participants: open(cases.length) });
  const parts: ConformanceReport[] = [];
  let problems = 0;
  for (let start = 0; start < cases.length && interruption.cause === undefined; start += BAIL_BATCH) {
    const batch = cases.slice(start, start + BAIL_BATCH);
    const part = await runConformance({ ...base, cases: batch, participants: open(batch.length) });
    parts.push(part);
    problems += new Set(part.cases.filter((c) => isProblem(part, c)).map((c) => c.id)).size;
    const left = cases.length - start - BAIL_BATCH;
    if (problems >= options.bail && left > 0) {
      const merged = mergeReports(parts);
      return { ...merged, warnings: [...(merged.warnings ?? []), `stopped after ${problems} problem ${problems === 1 ? 'case' : 'cases'} (--bail ${options.bail}): ${left} cases not run`] };
    }
  }
  return parts.length === 1 ? parts[0]! : mergeReports(parts);
};

export const conformanceCommand: Command = {
  help: () => conformanceUsage,
  async run(argv) {
    const options = readConformanceOptions(argv);
    if (options.help) {
      process.stdout.write(conformanceUsage);
      return EXIT.parity;
    }
    checkFixtureFolders(options.fixtures);
    const { cases, badInput, written } = selectCases(options);
    if (options.list) {
      for (const c of cases) process.stdout.write(`${c.id}\t${c.file}${c.line === undefined ? '' : `:${c.line}`}\n`);
      for (const problem of badInput) say(problem.message);
      return badInput.length > 0 ? EXIT.badInput : EXIT.parity;
    }
    makeReportFolders(options.reporters);
    if (options.writeKnownDivergences !== undefined) checkOutputFolder('--write-known-divergences', options.writeKnownDivergences);
    let entries: BaselineEntry[] | undefined;
    if (options.knownDivergences !== undefined) {
      // Checked before the first case: the file decides the verdict of the whole run, so a run
      // that cannot apply it is not started (a missing file used to fail only after every case).
      const known = loadKnownDivergences(options.knownDivergences);
      if ('problems' in known) {
        for (const problem of known.problems) say(describeBadInput(problem));
        say('no case was run');
        return EXIT.badInput;
      }
      // Entries for cases this run leaves out (--exclude, another shard) are not checked here.
      entries = known.entries.filter((e) => isSelected(e.id, options));
    }
    await checkParticipantPrograms(options.participants);
    // Told before the first case, as the run goes on without them (and then exits 2), so that a long
    // run does not hide a broken file until its end.
    for (const problem of badInput) say(`${describeBadInput(problem)} (bad input: the other cases run, and the run exits 2)`);
    say(`${cases.length} cases on ${options.participants.join(', ')}${options.shard ? ` (shard ${options.shard.index}/${options.shard.count})` : ''}`);
    const interruption = Interruption.arm({ say, exitCode: EXIT.participantFailed, ...(options.deadlineMs === undefined ? {} : { deadlineMs: options.deadlineMs }) });
    try {
      const base = {
        badInput,
        ...(options.reference === undefined ? {} : { reference: options.reference }),
        allowUnchecked: options.allowUnchecked,
        strict: options.strict,
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
        ...(entries && options.knownDivergences ? { knownDivergences: { file: options.knownDivergences, entries, filters: options.filters } } : {}),
      };
      let ran = await run(options, base, cases, interruption);
      interruption.stopClock();
      if (interruption.cause !== undefined) {
        // The report is written once no participant's process is left.
        await interruption.stopped();
        ran = interruptedReport(ran, cases, { cause: interruption.cause, message: interruption.describe() });
      }
      const warnings = written.flatMap((w) => libraryWarnings(w, ran.participants));
      for (const warning of [...(ran.warnings ?? []), ...warnings]) say(`warning: ${warning}`);
      const report = warnings.length === 0 ? ran : { ...ran, warnings: [...(ran.warnings ?? []), ...warnings] };
      if (options.writeKnownDivergences !== undefined && report.interrupted !== undefined) say(`not writing ${options.writeKnownDivergences}: the run was interrupted, and a partial run's divergences are no baseline`);
      else if (options.writeKnownDivergences !== undefined) {
        const wrote = writeKnownDivergences(options.writeKnownDivergences, report);
        say(`wrote ${wrote.entries} known divergences to ${options.writeKnownDivergences}${wrote.placeholders > 0 ? `; write the reason of the ${wrote.placeholders} new ones before using it` : ''}`);
      }
      writeReports(report, options.reporters, options.verbose);
      return report.summary.exit_code;
    } finally {
      interruption.disarm();
    }
  },
};

/** Renders the report with every reporter, each to stdout or its file. */
export const writeReports = (report: ConformanceReport, targets: readonly ReporterTarget[], verbose: boolean): void => {
  for (const target of targets) {
    const color = target.file === undefined && process.stdout.isTTY === true && process.env['NO_COLOR'] === undefined;
    const text = reporters[target.reporter](report, { color, verbose });
    if (target.file === undefined) process.stdout.write(text);
    else writeFileSync(target.file, text);
  }
};
