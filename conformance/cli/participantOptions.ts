import { RULE_NAMES, isRuleName, type RuleName } from '../compare/equivalenceRules.js';
import { UsageError } from './command.js';

/** The `util.parseArgs` options that say who runs: shared by `conformance` and `fuzz`. */
export const PARTICIPANT_OPTIONS = {
  participant: { type: 'string', multiple: true },
  only: { type: 'string', multiple: true },
  reference: { type: 'string' },
  strict: { type: 'string', multiple: true },
} as const;

/** The participants of the run, as the flags gave them. */
export interface ParticipantSpecs {
  /** Participant specs, in run order: `ts`, `ts-process`, `python` or a command line. */
  readonly participants: readonly string[];
  /** `--only` values, then `--participant` values, as given: what a replay command repeats. */
  readonly only: readonly string[];
  readonly added: readonly string[];
  /** Undefined: `python` when it runs (see `run/chooseReference.ts`). */
  readonly reference?: string;
  /** The equivalence rules `--strict` turns off. */
  readonly strict: ReadonlySet<RuleName>;
}

/** Participant specs from the parsed flags: `--only` replaces the defaults, `--participant` adds. */
export const readParticipantSpecs = (
  values: { readonly participant?: readonly string[]; readonly only?: readonly string[]; readonly reference?: string; readonly strict?: readonly string[] },
  defaults: readonly string[],
): ParticipantSpecs => {
  const only = values.only ?? [];
  const added = values.participant ?? [];
  const participants = [...(only.length > 0 ? only : defaults), ...added];
  if (participants.some((p) => p.trim() === '')) throw new UsageError('a participant must not be empty');
  return { participants, only, added, ...(values.reference === undefined ? {} : { reference: values.reference }), strict: readStrict(values.strict) };
};

/** The rules `--strict` turns off: names (repeatable, or separated by commas), or `all`. */
export const readStrict = (values: readonly string[] | undefined): ReadonlySet<RuleName> => {
  const off = new Set<RuleName>();
  for (const name of (values ?? []).flatMap((v) => v.split(',')).map((n) => n.trim())) {
    if (name === 'all') RULE_NAMES.forEach((n) => off.add(n));
    else if (isRuleName(name)) off.add(name);
    else throw new UsageError(`--strict ${JSON.stringify(name)} names no equivalence rule; the rules are ${RULE_NAMES.join(', ')}, or all`);
  }
  return off;
};

/** The help rows of the participant flags. */
export const participantHelp = (defaults: readonly string[]): [string, string][] => [
  ['--participant CMD', 'add a participant: ts, ts-process, python or a command line (repeatable)'],
  ['--only SPEC', `run only these participants instead of ${defaults.join(' and ')} (repeatable)`],
  ['--reference NAME', 'the participant others are compared with (default python; it must run)'],
  ['--strict RULE', `turn an equivalence rule off, or all of them (repeatable): ${RULE_NAMES.join(', ')}`],
];

// A word the shell passes through as it is; anything else is single-quoted.
const PLAIN = /^[\w@%+=:,./-]+$/;

/** One argument as a POSIX shell reads it back. */
export const shellQuote = (arg: string): string => (PLAIN.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`);

/** The flags that bring back the same participants and reference, quoted for a shell. */
export const participantFlags = (specs: ParticipantSpecs): string[] => [
  ...specs.only.flatMap((spec) => ['--only', shellQuote(spec)]),
  ...specs.added.flatMap((spec) => ['--participant', shellQuote(spec)]),
  ...(specs.reference === undefined ? [] : ['--reference', shellQuote(specs.reference)]),
  ...[...specs.strict].flatMap((rule) => ['--strict', rule]),
];
