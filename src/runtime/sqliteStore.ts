import { createRequire } from 'node:module';
import type Database from 'better-sqlite3';
import { outcomeFromText, outcomeToText, type DurableRecord, type DurableStart, type DurableStore } from './durableStore.js';
import { StoreClaimedError } from './storeClaimedError.js';

// The same tables in both runtimes (Python's `sqlite3` writes them identically), so a store
// written by one replays in the other. Later tables are only ever added, so an older store
// opens as it is and resumes.
const SCHEMA = `CREATE TABLE IF NOT EXISTS durable_calls (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  key TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  outcome TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS durable_starts (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  key TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  invocation_id TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS durable_claim (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  pid INTEGER NOT NULL,
  claimed_at TEXT NOT NULL
)`;

const isBusy = (error: unknown): boolean => (error as { code?: unknown }).code === 'SQLITE_BUSY';

// The native module is loaded by the first store made: a run given another store (the harness's
// participant, the tests) never pays for loading it.
let sqlite: typeof Database | undefined;
const openDatabase = (path: string, options?: Database.Options): Database.Database => {
  sqlite ??= createRequire(import.meta.url)('better-sqlite3') as typeof Database;
  return new sqlite(path, options);
};

/**
 * The default store: one SQLite file. Each write is its own committed transaction in WAL mode
 * with full synchronous writes, so a record survives the process being killed right after.
 * A claim is an exclusive transaction held on the sibling file `<path>.lock`: the operating
 * system drops it when the process dies, so a killed run never leaves the store claimed.
 */
export class SqliteStore implements DurableStore {
  private readonly db: Database.Database;
  private readonly select: Database.Statement<[string], { name: string; outcome: string }>;
  private readonly insert: Database.Statement<[string, string, string]>;
  private readonly selectStart: Database.Statement<[string], { name: string; invocation_id: string }>;
  private readonly insertStart: Database.Statement<[string, string, string]>;
  private lock: Database.Database | undefined;
  private claimedInMemory = false;

  constructor(readonly path: string) {
    this.db = openDatabase(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.exec(SCHEMA);
    this.select = this.db.prepare('SELECT name, outcome FROM durable_calls WHERE key = ?');
    this.insert = this.db.prepare('INSERT INTO durable_calls (key, name, outcome) VALUES (?, ?, ?)');
    this.selectStart = this.db.prepare('SELECT name, invocation_id FROM durable_starts WHERE key = ?');
    this.insertStart = this.db.prepare('INSERT OR IGNORE INTO durable_starts (key, name, invocation_id) VALUES (?, ?, ?)');
  }

  get(key: string): DurableRecord | undefined {
    const row = this.select.get(key);
    return row === undefined ? undefined : { name: row.name, outcome: outcomeFromText(row.outcome) };
  }

  put(key: string, record: DurableRecord): void {
    this.insert.run(key, record.name, outcomeToText(record.outcome));
  }

  start(key: string, start: DurableStart): void {
    this.insertStart.run(key, start.name, start.invocationId);
  }

  started(key: string): DurableStart | undefined {
    const row = this.selectStart.get(key);
    return row === undefined ? undefined : { name: row.name, invocationId: row.invocation_id };
  }

  keys(): string[] {
    return this.db
      .prepare<[], { key: string }>('SELECT key FROM durable_calls ORDER BY seq')
      .all()
      .map((row) => row.key);
  }

  claim(): void {
    // An in-memory database is private to its connection: only this object can run on it.
    if (this.path === ':memory:' || this.path === '') {
      if (this.claimedInMemory) throw new StoreClaimedError(this.path, 'a run in this process');
      this.claimedInMemory = true;
      return;
    }
    if (this.lock !== undefined) throw new StoreClaimedError(this.path, 'a run in this process');
    const lock = openDatabase(`${this.path}.lock`, { timeout: 0 });
    try {
      lock.exec('BEGIN EXCLUSIVE');
    } catch (error) {
      lock.close();
      if (isBusy(error)) throw new StoreClaimedError(this.path, this.holder());
      throw error;
    }
    this.lock = lock;
    this.db
      .prepare('INSERT INTO durable_claim (id, pid, claimed_at) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE SET pid = excluded.pid, claimed_at = excluded.claimed_at')
      .run(process.pid, new Date().toISOString());
  }

  release(): void {
    this.claimedInMemory = false;
    this.lock?.close();
    this.lock = undefined;
  }

  close(): void {
    this.release();
    this.db.close();
  }

  private holder(): string {
    const row = this.db.prepare<[], { pid: number; claimed_at: string }>('SELECT pid, claimed_at FROM durable_claim WHERE id = 1').get();
    return row === undefined ? 'a run that has not said who it is yet' : `pid ${row.pid}, claimed at ${row.claimed_at}`;
  }
}
