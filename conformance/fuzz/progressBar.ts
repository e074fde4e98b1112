import type { Writable } from 'node:stream';

/** A one-line progress bar, redrawn in place; only for a terminal. */
export class ProgressBar {
  private lastDraw = 0;

  constructor(
    private readonly stream: Writable & { isTTY?: boolean },
    private readonly label: string,
    private readonly total: number,
  ) {}

  get enabled(): boolean {
    return this.stream.isTTY === true;
  }

  update(done: number, note = ''): void {
    const now = Date.now();
    // Redrawing more often than a terminal can show costs time for nothing.
    if (!this.enabled || (done < this.total && now - this.lastDraw < 100)) return;
    this.lastDraw = now;
    const width = 30;
    const filled = this.total === 0 ? width : Math.round((done / this.total) * width);
    this.stream.write(`\r${this.label} [${'='.repeat(filled)}${' '.repeat(width - filled)}] ${done}/${this.total}${note ? ` ${note}` : ''}\u001b[K`);
  }

  done(): void {
    if (this.enabled) this.stream.write('\r\u001b[K');
  }
}
