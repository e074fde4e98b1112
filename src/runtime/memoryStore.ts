import { outcomeFromText, outcomeToText, type DurableRecord, type DurableStore } from './durableStore.js';

/**
 * A store that lives as long as the process, for tests. Records are kept as text, as the SQLite
 * store keeps them, so that what replays from memory is exactly what would replay from disk.
 */
export class MemoryStore implements DurableStore {
  private readonly records = new Map<string, { name: string; text: string }>();

  get(key: string): DurableRecord | undefined {
    const row = this.records.get(key);
    return row === undefined ? undefined : { name: row.name, outcome: outcomeFromText(row.text) };
  }

  put(key: string, record: DurableRecord): void {
    this.records.set(key, { name: record.name, text: outcomeToText(record.outcome) });
  }

  keys(): string[] {
    return [...this.records.keys()];
  }

  close(): void {}
}
