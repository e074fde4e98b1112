/** The last `limit` characters a process wrote to stderr: enough to explain a failure, bounded in memory. */
export class StderrTail {
  private chunks: string[] = [];
  private size = 0;

  constructor(private readonly limit = 16 * 1024) {}

  push(chunk: string): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
    while (this.size - this.chunks[0]!.length >= this.limit) this.size -= this.chunks.shift()!.length;
  }

  text(): string {
    const all = this.chunks.join('');
    return all.length > this.limit ? `...${all.slice(all.length - this.limit)}` : all;
  }
}
