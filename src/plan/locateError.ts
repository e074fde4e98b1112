import {
  InvalidTypeError,
  InvalidValueError,
  NotFoundError,
  NotSupportedError,
  TypeValidationError,
  isAgentparityError,
  type AgentparityError,
  type ErrorCode,
  type ErrorKind,
} from '../errors.js';

type Located = new (message: string, options: { code: ErrorCode; path?: string; cause?: unknown }) => AgentparityError;

const BY_KIND: Partial<Record<ErrorKind, Located>> = {
  ValueError: InvalidValueError,
  TypeError: InvalidTypeError,
  KeyError: NotFoundError,
  ValidationError: TypeValidationError,
  NotImplementedError: NotSupportedError,
};

/**
 * Runs `work`; an error it raises without a location of its own is raised again, same kind and
 * message, at `path` (a resource's constructor knows nothing of the plan or declaration it came from).
 */
export const atPath = <T>(path: string, work: () => T): T => {
  try {
    return work();
  } catch (error) {
    throw locate(error, path);
  }
};

export const locate = (error: unknown, path: string): unknown => {
  if (!isAgentparityError(error) || error.path !== undefined) return error;
  const Kind = BY_KIND[error.kind];
  return Kind ? new Kind(error.message, { code: error.code, path, cause: error }) : error;
};
