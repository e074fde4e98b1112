/** JSON Pointers (RFC 6901), the paths that plan errors and plan differences are reported at. */

export const escapePointerToken = (token: string | number): string =>
  String(token).replace(/~/g, '~0').replace(/\//g, '~1');

export const childPointer = (pointer: string, token: string | number): string => `${pointer}/${escapePointerToken(token)}`;

export const pointerTokens = (pointer: string): string[] =>
  pointer === '' ? [] : pointer.slice(1).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
