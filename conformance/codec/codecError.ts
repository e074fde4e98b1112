/** A position in an encoded document: object keys and array indices from the root. */
export type DocPath = readonly (string | number)[];

/** A JSON pointer (RFC 6901) into the encoded document. */
export const pointer = (path: DocPath): string =>
  path.map((part) => `/${String(part).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('') || '/';

/** A malformed encoding; `path` is the JSON pointer of the offending node in the document. */
export class CodecError extends Error {
  override readonly name = 'CodecError';
  readonly path: string;
  constructor(message: string, path: DocPath) {
    super(`bad value encoding at ${pointer(path)}: ${message}`);
    this.path = pointer(path);
  }
}
