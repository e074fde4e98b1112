import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { matchesFilter } from '../../fixtures/filterCases.js';
import type { BadInput } from '../../fixtures/fixtureCase.js';
import { loadFixtures } from '../../fixtures/loadFixtures.js';
import { libraryWarnings, loadWrittenAgainst } from '../../fixtures/writtenAgainst.js';
import { openParticipant } from '../../clients/openParticipant.js';
import { reporters } from '../../report/reporters.js';
import { loadKnownDivergences } from '../../run/knownDivergences.js';
import { runConformance } from '../../run/runConformance.js';
import type { BaselineEntry } from '../../report/report.js';
import { EXIT, UsageError, type Command } from '../command.js';
import { conformanceUsage, readConformanceOptions } from '../conformanceOptions.js';

export const conformanceCommand: Command = {
  help: () => conformanceUsage,
  async run(argv) {
    const options = readConformanceOptions(argv);
    if (options.help) {
      process.stdout.write(conformanceUsage);
      return EXIT.parity;
    }
    // Report folders are made before the run, so that a path that cannot be written fails at once.
    for (const target of options.reporters) {
      if (target.file === undefined) continue;
      try {
        mkdirSync(dirname(target.file), { recursive: true });
      } catch (error) {
        throw new UsageError(`--reporter ${target.reporter}=${target.file}: cannot make its folder: ${(error as Error).message}`);
      }
    }
    const loaded = loadFixtures(options.fixtures, options.filters);
    const badInput: BadInput[] = [...loaded.problems];
    for (const filter of options.filters) {
      if (!loaded.cases.some((c) => matchesFilter(c.id, [filter]))) badInput.push({ file: options.fixtures, message: `--filter ${filter} selects no case` });
    }
    if (options.filters.length === 0 && loaded.cases.length === 0 && loaded.problems.length === 0) {
      badInput.push({ file: options.fixtures, message: 'no fixture cases found' });
    }
    const writtenAgainst = loadWrittenAgainst(options.fixtures);
    if (writtenAgainst !== undefined && 'message' in writtenAgainst) badInput.push(writtenAgainst);
    let entries: BaselineEntry[] | undefined;
    if (options.knownDivergences !== undefined) {
      // Checked before the first case: the file decides the verdict of the whole run, so a run
      // that cannot apply it is not started (a missing file used to fail only after every case).
      const known = loadKnownDivergences(options.knownDivergences);
      if ('problems' in known) {
        for (const problem of known.problems) process.stderr.write(`agentparity conformance: ${problem.file}: ${problem.path === undefined ? '' : `${problem.path}: `}${problem.message}\n`);
        process.stderr.write('agentparity conformance: no case was run\n');
        return EXIT.badInput;
      }
      entries = known.entries;
    }
    const participants = options.participants.map((spec) => {
      try {
        return openParticipant(spec, { validateProtocol: options.validateProtocol, ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) });
      } catch (error) {
        throw new UsageError(`--participant ${JSON.stringify(spec)}: ${(error as Error).message}`);
      }
    });
    process.stderr.write(`agentparity conformance: ${loaded.cases.length} cases on ${options.participants.join(', ')}\n`);
    const ran = await runConformance({
      cases: loaded.cases,
      participants,
      badInput,
      ...(options.reference === undefined ? {} : { reference: options.reference }),
      allowUnchecked: options.allowUnchecked,
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      ...(entries && options.knownDivergences ? { knownDivergences: { file: options.knownDivergences, entries, filters: options.filters } } : {}),
    });
    const warnings = writtenAgainst === undefined || 'message' in writtenAgainst ? [] : libraryWarnings(writtenAgainst, ran.participants);
    for (const warning of warnings) process.stderr.write(`agentparity conformance: warning: ${warning}\n`);
    const report = warnings.length === 0 ? ran : { ...ran, warnings: [...(ran.warnings ?? []), ...warnings] };
    for (const target of options.reporters) {
      const color = target.file === undefined && process.stdout.isTTY === true && process.env['NO_COLOR'] === undefined;
      const text = reporters[target.reporter](report, { color, verbose: options.verbose });
      if (target.file === undefined) process.stdout.write(text);
      else writeFileSync(target.file, text);
    }
    return report.summary.exit_code;
  },
};
