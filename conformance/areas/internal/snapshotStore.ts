import type { DurableRecord, DurableStart, DurableStore } from '../../../src/runtime/durableStore.js';
import { MemoryStore } from '../../../src/runtime/memoryStore.js';

/**
 * A memory store that can be copied as it stands: what a process killed at that moment would
 * have left on disk (its completed records and its starts), for the replay pass of a durable case.
 */
export class SnapshotStore implements DurableStore {
  private readonly inner = new MemoryStore();
  private readonly startKeys: string[] = [];

  get(key: string): DurableRecord | undefined {
    return this.inner.get(key);
  }

  put(key: string, record: DurableRecord): void {
    this.inner.put(key, record);
  }

  start(key: string, start: DurableStart): void {
    if (this.inner.started(key) === undefined) this.startKeys.push(key);
    this.inner.start(key, start);
  }

  started(key: string): DurableStart | undefined {
    return this.inner.started(key);
  }

  keys(): string[] {
    return this.inner.keys();
  }

  claim(): void {
    this.inner.claim();
  }

  release(): void {
    this.inner.release();
  }

  close(): void {}

  /** A store holding what this one holds now, unclaimed. */
  copy(): SnapshotStore {
    const copy = new SnapshotStore();
    for (const key of this.startKeys) copy.start(key, this.started(key)!);
    for (const key of this.keys()) copy.put(key, this.get(key)!);
    return copy;
  }
}
