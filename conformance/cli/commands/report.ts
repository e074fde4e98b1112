import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { packageRoot } from '../../packageRoot.js';
import { mergeReports } from '../../report/mergeReports.js';
import type { ConformanceReport } from '../../report/report.js';
import { UsageError, type Command } from '../command.js';
import { configArguments } from '../configFile.js';
import { reporterTarget } from '../conformanceOptions.js';
import { formatHelp, RUN_EXITS } from '../helpText.js';
import { parseOptions } from '../parseOptions.js';
import { makeReportFolders, writeReports } from './conformance.js';

const HELP = formatHelp({
  usage: ['report FILE.json... [--reporter NAME[=FILE]]... [--verbose]'],
  about: [
    'Merges saved JSON reports (conformance --reporter json=FILE): the shards of one run, or runs of',
    'different participants over the same fixtures. Each case and participant is kept once (the',
    'first file that has it wins), the verdict counts and the exit code are worked out again, and',
    'the result is rendered by any reporter.',
  ].join('\n'),
  options: [
    ['--reporter NAME[=FILE]', 'console, json, junit or markdown, to stdout or FILE (repeatable; default console)'],
    ['--verbose', 'the console reporter prints a row for every case'],
    ['-h, --help', 'print this help and exit'],
  ],
  exits: [[0, 'the merged reports are at parity'], ...RUN_EXITS.slice(1, 2), [2, 'bad input (a file that is not a saved report) or usage, or the merged report\'s bad input'], ...RUN_EXITS.slice(3)],
});

const REPORT_OPTIONS = { reporter: { type: 'string', multiple: true }, verbose: { type: 'boolean' } } as const;

let validator: ReturnType<Ajv2020['compile']> | undefined;

const readReport = (file: string): ConformanceReport => {
  let tree: unknown;
  try {
    tree = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`${file}: cannot read a JSON report: ${(error as Error).message}`);
  }
  validator ??= new Ajv2020({ strict: true, allowUnionTypes: true }).compile(JSON.parse(readFileSync(join(packageRoot(), 'conformance', 'report.schema.json'), 'utf8')) as object);
  if (!validator(tree)) {
    const first = validator.errors?.[0];
    throw new UsageError(`${file}: not a conformance report (conformance/report.schema.json): ${first?.instancePath || '(root)'} ${first?.message ?? ''}`.trimEnd());
  }
  return tree as ConformanceReport;
};

/** `report`: merges saved JSON reports and renders them. */
export const reportCommand: Command = {
  help: () => HELP,
  async run(argv) {
    const { values, positionals } = parseOptions([...configArguments('report', argv, REPORT_OPTIONS), ...argv], REPORT_OPTIONS, true);
    if (positionals.length === 0) throw new UsageError(`name at least one saved report\n${HELP.split('\n')[0]!}`);
    const targets = (values.reporter ?? ['console']).map(reporterTarget);
    if (targets.filter((t) => t.file === undefined).length > 1) throw new UsageError('only one reporter can write to stdout; give the others a file (--reporter junit=report.xml)');
    makeReportFolders(targets);
    const merged = mergeReports(positionals.map(readReport));
    writeReports(merged, targets, values.verbose ?? false);
    return merged.summary.exit_code;
  },
};
