import { outcomeFromText, outcomeToText, type DurableRecord, type DurableStart, type DurableStore } from './durableStore.js';
import { StoreClaimedError } from './storeClaimedError.js';

/**
 * A store that lives as long as the process, for tests. Records are kept as text, as the SQLite
 * store keeps them, so that what replays from memory is exactly what would replay from disk.
 */
export class MemoryStore implements DurableStore {
  private readonly records = new Map<string, { name: string; text: string }>();
  private readonly starts = new Map<string, DurableStart>();
  private claimed = false;

  get(key: string): DurableRecord | undefined {
    const row = this.records.get(key);
    return row === undefined ? undefined : { name: row.name, outcome: outcomeFromText(row.text) };
  }

  put(key: string, record: DurableRecord): void {
    this.records.set(key, { name: record.name, text: outcomeToText(record.outcome) });
  }

  start(key: string, start: DurableStart): void {
    if (!this.starts.has(key)) this.starts.set(key, { name: start.name, invocationId: start.invocationId });
  }

  started(key: string): DurableStart | undefined {
    return this.starts.get(key);
  }

  keys(): string[] {
    return [...this.records.keys()];
  }

  claim(): void {
    if (this.claimed) throw new StoreClaimedError('(memory)', 'a run in this process');
    this.claimed = true;
  }

  release(): void {
    this.claimed = false;
  }

  close(): void {}
}
