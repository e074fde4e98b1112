import { escapePointerToken } from '../../src/json/jsonPointer.js';

/** A position in an encoded document: object keys and array indices from the root. */
export type DocPath = readonly (string | number)[];

/**
 * A position built one step at a time, as the decoder walks down: one small link per step
 * instead of a copy of the whole path per node. It is written out as a `DocPath` only when an
 * error names it. `undefined` is the root.
 */
export interface PathLink {
  readonly up: PathLink | undefined;
  readonly part: string | number;
}

export const step = (up: PathLink | undefined, part: string | number): PathLink => ({ up, part });

export const pathOf = (link: PathLink | undefined): DocPath => {
  const parts: (string | number)[] = [];
  for (let at = link; at !== undefined; at = at.up) parts.push(at.part);
  return parts.reverse();
};

/** A JSON pointer (RFC 6901) into the encoded document. */
export const pointer = (path: DocPath): string =>
  path.map((part) => `/${escapePointerToken(part)}`).join('') || '/';

/** A malformed encoding; `path` is the JSON pointer of the offending node in the document. */
export class CodecError extends Error {
  override readonly name = 'CodecError';
  readonly path: string;
  constructor(message: string, at: PathLink | undefined) {
    const path = pointer(pathOf(at));
    super(`bad value encoding at ${path}: ${message}`);
    this.path = path;
  }
}
