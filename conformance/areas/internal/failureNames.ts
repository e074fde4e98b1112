import { isPlainObject, objectEntries, type PyJson, type PyJsonObject } from '../../../src/json/pyJson.js';

// TypeScript's errors by their class names, as the Python exceptions they stand for (their
// `kind`); test/conformance/areas/internal/failureNames.test.ts keeps it complete.
export const KIND_OF_CLASS: Readonly<Record<string, string>> = {
  CancelledError: 'CancelledError',
  ChatEndpointError: 'ValueError',
  DeclarationError: 'ValueError',
  DeclarationFileError: 'ValueError',
  IndistinctSecondsError: 'NotImplementedError',
  InvalidStateError: 'RuntimeError',
  InvalidTypeError: 'TypeError',
  InvalidValueError: 'ValueError',
  MissingDefinitionError: 'RuntimeError',
  NotFoundError: 'KeyError',
  NotSupportedError: 'NotImplementedError',
  NotUtf8Error: 'ValueError',
  PlanBuildError: 'RuntimeError',
  PlanReadError: 'ValueError',
  PyJsonParseError: 'ValueError',
  RangeOverflowError: 'OverflowError',
  ReplayMismatchError: 'RuntimeError',
  ResultTooDeepError: 'RecursionError',
  SchemaRenderError: 'TypeError',
  StoreClaimedError: 'RuntimeError',
  SubagentEndpointError: 'RuntimeError',
  SubagentFailure: 'RuntimeError',
  TypeValidationError: 'ValidationError',
  UnsupportedTypeError: 'NotImplementedError',
  ValueValidationError: 'ValidationError',
  YamlReadError: 'ValueError',
};

const SUMMARY = /^(failed:)?([A-Za-z_][A-Za-z0-9_]*): ([\s\S]*)$/;
// str() of a KeyError is the repr of its message.
const QUOTED = /^'([\s\S]*)'$|^"([\s\S]*)"$/;

/**
 * A failure summary (`<ExceptionClass>: <message>`, upstream's, or `failed:` and one) with the
 * exception named as Python names it, and a KeyError's message as written rather than quoted:
 * each language names its own errors (rule `type-names`). Any other text is returned as it is.
 */
export const pythonFailureName = (text: string): string => {
  const found = SUMMARY.exec(text);
  if (found === null) return text;
  const kind = KIND_OF_CLASS[found[2]!] ?? found[2]!;
  const quoted = kind === 'KeyError' ? QUOTED.exec(found[3]!) : null;
  const message = quoted === null ? found[3]! : (quoted[1] ?? quoted[2]!);
  return `${found[1] ?? ''}${kind}: ${message}`;
};

/** A value with every string in it passed through `pythonFailureName`. */
export const maskFailureNames = (value: PyJson): PyJson => {
  if (typeof value === 'string') return pythonFailureName(value);
  if (Array.isArray(value)) return value.map(maskFailureNames);
  if (value instanceof Map) return new Map([...value].map(([k, v]) => [k, maskFailureNames(v)] as [string, PyJson]));
  if (isPlainObject(value)) return new Map([...objectEntries(value as PyJsonObject)].map(([k, v]) => [k, maskFailureNames(v)] as [string, PyJson]));
  return value;
};
