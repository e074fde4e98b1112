/** JSON Pointers (RFC 6901), the paths that plan errors, codec errors and differences are reported at. */

export const escapePointerToken = (token: string | number): string =>
  String(token).replace(/~/g, '~0').replace(/\//g, '~1');

export const childPointer = (pointer: string, token: string | number): string => `${pointer}/${escapePointerToken(token)}`;
