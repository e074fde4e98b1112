import Database from 'better-sqlite3';
import { outcomeFromText, outcomeToText, type DurableRecord, type DurableStore } from './durableStore.js';

// The same table in both runtimes (Python's `sqlite3` writes it identically), so a store
// written by one replays in the other.
const SCHEMA = `CREATE TABLE IF NOT EXISTS durable_calls (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  key TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  outcome TEXT NOT NULL
)`;

/**
 * The default store: one SQLite file. Each `put` is its own committed transaction in WAL mode
 * with full synchronous writes, so a record survives the process being killed right after.
 */
export class SqliteStore implements DurableStore {
  private readonly db: Database.Database;
  private readonly select: Database.Statement<[string], { name: string; outcome: string }>;
  private readonly insert: Database.Statement<[string, string, string]>;

  constructor(readonly path: string) {
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.exec(SCHEMA);
    this.select = this.db.prepare('SELECT name, outcome FROM durable_calls WHERE key = ?');
    this.insert = this.db.prepare('INSERT INTO durable_calls (key, name, outcome) VALUES (?, ?, ?)');
  }

  get(key: string): DurableRecord | undefined {
    const row = this.select.get(key);
    return row === undefined ? undefined : { name: row.name, outcome: outcomeFromText(row.outcome) };
  }

  put(key: string, record: DurableRecord): void {
    this.insert.run(key, record.name, outcomeToText(record.outcome));
  }

  keys(): string[] {
    return this.db
      .prepare<[], { key: string }>('SELECT key FROM durable_calls ORDER BY seq')
      .all()
      .map((row) => row.key);
  }

  close(): void {
    this.db.close();
  }
}
