import { inputRepr, inputTypeName } from './inputRepr.js';
import type { ValidationIssue } from './outcome.js';

/** The pydantic version whose error pages the texts link to (`errors.pydantic.dev/<version>/v/<type>`). */
export const PYDANTIC_ERRORS_VERSION = '2.13';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

// pydantic-core shows an input's repr whole up to 50 bytes of UTF-8, else its first 25 and last
// 24 bytes around `...`, each cut back to whole characters.
const truncated = (repr: string): string => {
  const bytes = encoder.encode(repr);
  if (bytes.length <= 50) return repr;
  const isContinuation = (at: number): boolean => at < bytes.length && (bytes[at]! & 0xc0) === 0x80;
  let end = 25;
  while (isContinuation(end)) end--;
  let start = bytes.length - 24;
  while (isContinuation(start)) start++;
  return `${decoder.decode(bytes.subarray(0, end))}...${decoder.decode(bytes.subarray(start))}`;
};

const issueText = (issue: ValidationIssue): string => {
  const where = issue.loc.length > 0 ? `${issue.loc.map(String).join('.')}\n` : '';
  const shown = `[type=${issue.type}, input_value=${truncated(inputRepr(issue.input))}, input_type=${inputTypeName(issue.input)}]`;
  return `${where}  ${issue.msg} ${shown}\n    For further information visit https://errors.pydantic.dev/${PYDANTIC_ERRORS_VERSION}/v/${issue.type}`;
};

/**
 * `str(ValidationError)` as pydantic prints it: the count and the title (`1 validation error for
 * Verdict`), then each line error in order: its location, its message with the error type and the
 * input (Python's repr of it, shortened, and its type name), and the link to the error's page.
 */
export const validationErrorText = (title: string, issues: readonly ValidationIssue[]): string => {
  const count = `${issues.length} validation error${issues.length === 1 ? '' : 's'} for ${title}`;
  return [count, ...issues.map(issueText)].join('\n');
};
