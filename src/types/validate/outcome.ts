/**
 * One of pydantic's line errors: its `type`, its message (`msg`), where it was found (`loc`) and
 * the input it refused there (`input`; set by the validator of the place, see `withInput`).
 */
export interface ValidationIssue {
  readonly type: string;
  readonly msg: string;
  readonly loc: readonly (string | number)[];
  readonly input?: unknown;
}

/**
 * How closely an accepted input matched, as pydantic-core ranks union members: `LAX` needed a
 * conversion, `STRICT` would pass strict mode, `EXACT` is the very type.
 */
export const LAX = 0;
export const STRICT = 1;
export const EXACT = 2;

/**
 * What a validator gives: the value in JSON form (what `dump_python(mode="json")` gives for the
 * validated value, except that bytes stay `RawBytes` until the dump is finished), how exact the
 * match was, and for a model the number of fields the input set.
 */
export type Outcome =
  | { readonly status: 'accepted'; readonly value: unknown; readonly exactness: number; readonly fieldsSet?: number }
  | { readonly status: 'refused'; readonly issues: readonly ValidationIssue[] };

export type Validator = (input: unknown) => Outcome;

export const accepted = (value: unknown, exactness: number, fieldsSet?: number): Outcome =>
  fieldsSet === undefined ? { status: 'accepted', value, exactness } : { status: 'accepted', value, exactness, fieldsSet };

export const refused = (type: string, msg: string): Outcome => ({ status: 'refused', issues: [{ type, msg, loc: [] }] });

/** The issues of a failed outcome, each given `input` where no inner place gave one. */
export const withInput = (input: unknown, issues: readonly ValidationIssue[]): ValidationIssue[] =>
  issues.map((issue) => ('input' in issue ? issue : { ...issue, input }));

/** The issues of a failed outcome, each located one step further down (`loc` gains `step` in front). */
export const within = (step: string | number, issues: readonly ValidationIssue[]): ValidationIssue[] =>
  issues.map((issue) => ({ ...issue, loc: [step, ...issue.loc] }));
