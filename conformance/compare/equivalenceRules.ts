import type { Verdict } from './verdict.js';

/** The names of the equivalence rules, as `--strict` and the reports give them. */
export const RULE_NAMES = ['js-number', 'key-order', 'float-spelling', 'escaping', 'spacing', 'type-names', 'shown-inputs'] as const;
export type RuleName = (typeof RULE_NAMES)[number];

/** The languages whose texts are Python's by contract: the TypeScript participant imitates Python's output byte for byte. */
const PYTHON_TEXT = new Set(['python', 'typescript']);
const JS_NUMBERS = new Set(['typescript', 'javascript']);

/** The languages of a comparison: the two participants', or one when the other side is an `expect`. */
type Languages = readonly string[];

export interface EquivalenceRule {
  readonly name: RuleName;
  /** Why two different texts mean the same here. */
  readonly reason: string;
  /** Whether the rule may explain a difference between participants of these languages. */
  appliesTo(languages: Languages): boolean;
}

const always = (): boolean => true;
const anyIn = (set: ReadonlySet<string>) => (languages: Languages): boolean => languages.some((l) => set.has(l.toLowerCase()));
const anyOutside = (set: ReadonlySet<string>) => (languages: Languages): boolean => languages.some((l) => !set.has(l.toLowerCase()));

/**
 * Every way two different answers may still be the same decision. A verdict is `equivalent` only
 * when each difference is explained by a rule, and it names them; a rule that does not apply to
 * the languages compared, or that `--strict` turns off, makes the verdict `divergent`.
 */
export const EQUIVALENCE_RULES: readonly EquivalenceRule[] = [
  {
    name: 'js-number',
    reason: 'a JavaScript number cannot tell a whole float from an int (1.0 and 1, 1e+16 and 10000000000000000)',
    appliesTo: anyIn(JS_NUMBERS),
  },
  { name: 'key-order', reason: 'the same keys in another order: no op reads a meaning into the order of result keys or of a JSON object', appliesTo: always },
  {
    name: 'float-spelling',
    reason: 'the same float spelled another way (1.0E-7 and 1e-07); Python and TypeScript texts are Python\'s by contract, so it explains only another language',
    appliesTo: anyOutside(PYTHON_TEXT),
  },
  {
    name: 'escaping',
    reason: 'raw and \\u-escaped text that read as the same string; Python and TypeScript texts are Python\'s by contract, so it explains only another language',
    appliesTo: anyOutside(PYTHON_TEXT),
  },
  {
    name: 'spacing',
    reason: 'other whitespace between the tokens of an answer line, which carries nothing; Python and TypeScript write json.dumps\' spacing by contract',
    appliesTo: anyOutside(PYTHON_TEXT),
  },
  {
    name: 'type-names',
    reason: 'each language names its own types and built-ins (dict, Map, java.util.LinkedHashMap; bytes, Uint8Array; a plan\'s functions and classes)',
    appliesTo: always,
  },
  {
    name: 'shown-inputs',
    reason: 'pydantic\'s error text shows an input as each language can: a whole float as an int, an object without its module and address, a long input cut where its own text says',
    appliesTo: always,
  },
];

const RULES = new Map(EQUIVALENCE_RULES.map((r) => [r.name, r]));

export const isRuleName = (name: string): name is RuleName => RULES.has(name as RuleName);

/** What decides which rules hold in a comparison. */
export interface RulePolicy {
  /** Rules turned off (`--strict`). */
  readonly strict: ReadonlySet<RuleName>;
}

/**
 * An `equivalent` verdict as the policy and the languages compared allow it: `divergent` when one
 * of the rules it rests on is turned off or does not apply to these languages, saying which.
 * An equivalent that names no rule only follows from other checks, and stands.
 */
export const enforceRules = <V extends Pick<Verdict, 'detail' | 'rules'> & { readonly status: string }>(
  verdict: V,
  policy: RulePolicy,
  languages: Languages,
): V | Verdict => {
  if (verdict.status !== 'equivalent' || verdict.rules === undefined) return verdict;
  const refused = verdict.rules.flatMap((name) => {
    if (policy.strict.has(name)) return [`${name} is turned off by --strict`];
    // Nobody declared a language (a test's participants): the rules cannot be narrowed.
    return languages.length === 0 || RULES.get(name)!.appliesTo(languages) ? [] : [`${name} does not apply to ${languages.join(' and ')}`];
  });
  return refused.length === 0 ? verdict : { status: 'divergent', detail: `${verdict.detail} (alike only through ${refused.join(', ')})` };
};
