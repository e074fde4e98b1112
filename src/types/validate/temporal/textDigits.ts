/** A parse that failed, with speedate's reason (the text pydantic shows after its own message). */
export class ParseFailure {
  constructor(readonly reason: string) {}
}

export const TOO_SHORT = 'input is too short';
export const EXTRA = 'unexpected extra characters at the end of the input';

export const isDigit = (byte: number | undefined): boolean => byte !== undefined && byte >= 0x30 && byte <= 0x39;

/** The digit at `at`, or a failure with `reason` (a missing byte counts as a wrong one). */
export const digit = (bytes: Uint8Array, at: number, reason: string): number => {
  const byte = bytes[at];
  if (!isDigit(byte)) throw new ParseFailure(reason);
  return byte! - 0x30;
};

/** The two-digit number at `at`. */
export const two = (bytes: Uint8Array, at: number, reason: string): number => digit(bytes, at, reason) * 10 + digit(bytes, at + 1, reason);
