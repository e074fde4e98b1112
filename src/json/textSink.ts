/**
 * Below this many characters, text is gathered by appending to a string (the fastest for the
 * short texts most calls write); past it, into bytes. A long text built by appending is a tree of
 * millions of small string nodes that survive until the text is read, and collecting them costs
 * several times writing the text (measured on a 1,000,000-deep value).
 */
const STRING_LIMIT = 16 * 1024;

/**
 * Text written piece by piece and read once, in time proportional to its length. JSON text is
 * mostly ASCII, so the bytes are read back as Latin-1 (one copy, a one-byte string) unless some
 * piece was not ASCII, when they are written and read as UTF-8 (lossless: the writers never
 * write a lone surrogate).
 */
export class TextSink {
  private head = '';
  private bytes: Buffer | undefined;
  private length = 0;
  private ascii = true;

  put(text: string): void {
    if (this.bytes === undefined) {
      this.head += text;
      if (this.head.length > STRING_LIMIT) this.spill();
      return;
    }
    // A UTF-16 code unit takes at most three bytes of UTF-8.
    if (this.length + 3 * text.length > this.bytes.length) this.grow(3 * text.length);
    const bytes = this.bytes;
    const size = text.length;
    if (size < 16) {
      let at = this.length;
      for (let i = 0; i < size; i++) {
        const code = text.charCodeAt(i);
        if (code > 0x7f) {
          this.length = at;
          this.putUtf8(text.slice(i));
          return;
        }
        bytes[at++] = code;
      }
      this.length = at;
    } else {
      this.putUtf8(text);
    }
  }

  /** Writes one ASCII character. */
  putCode(code: number): void {
    if (this.bytes === undefined || this.length === this.bytes.length) {
      this.put(String.fromCharCode(code));
      return;
    }
    this.bytes[this.length++] = code;
  }

  /** The text written so far. */
  text(): string {
    if (this.bytes === undefined) return this.head;
    return this.bytes.toString(this.ascii ? 'latin1' : 'utf8', 0, this.length);
  }

  private putUtf8(text: string): void {
    const written = this.bytes!.write(text, this.length, 'utf8');
    // Only ASCII is as long in UTF-8 as in UTF-16.
    if (written !== text.length) this.ascii = false;
    this.length += written;
  }

  private spill(): void {
    const head = this.head;
    this.head = '';
    this.bytes = Buffer.allocUnsafe(4 * STRING_LIMIT);
    this.put(head);
  }

  private grow(needed: number): void {
    const bigger = Buffer.allocUnsafe(Math.max(2 * this.bytes!.length, this.length + needed));
    this.bytes!.copy(bigger, 0, 0, this.length);
    this.bytes = bigger;
  }
}
