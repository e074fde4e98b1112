import { UsageError, type Command } from '../command.js';
import { PLAN_BUILD_HELP, PLAN_BUILD_USAGE, runPlanBuild } from './planBuild.js';
import { PLAN_DIFF_HELP, PLAN_DIFF_USAGE, runPlanDiff } from './planDiff.js';

/** `plan build` and `plan diff`. */
export const planCommand: Command = {
  help: ([sub]) => (sub === 'build' ? PLAN_BUILD_HELP : sub === 'diff' ? PLAN_DIFF_HELP : `${PLAN_BUILD_HELP}\n${PLAN_DIFF_HELP}`),
  async run(argv) {
    const [sub, ...rest] = argv;
    if (sub === 'build') return runPlanBuild(rest);
    if (sub === 'diff') return runPlanDiff(rest);
    throw new UsageError(`${PLAN_BUILD_USAGE}\n       ${PLAN_DIFF_USAGE.replace('usage: ', '')}`);
  },
};
