import type { PyJson } from '../../json/pyJson.js';
import type { DurableStore } from '../durableStore.js';
import { MemoryNodes, type MemoryUpdate } from './memoryNodes.js';
import { MemoryObject, type MemoryWriter } from './memoryObject.js';

/** The memories an action works on, as they stand when it starts. */
export interface CommittedMemory {
  /** Short-term memory: kept per run key, across the inputs of that key. */
  readonly shortTerm: MemoryNodes;
  /** Sensory memory: one input's run. */
  readonly sensory: MemoryNodes;
}

const KINDS = ['short_term', 'sensory'] as const;
type Kind = (typeof KINDS)[number];

/** The name a memory record is kept under, beside the action's durable calls. */
export const MEMORY_RECORD = 'memory';

// An action's private copy of one memory: its reads see its own writes, which are logged.
class Overlay implements MemoryWriter {
  readonly log: MemoryUpdate[] = [];
  constructor(readonly nodes: MemoryNodes) {}
  write(update: MemoryUpdate): void {
    this.nodes.check(update);
    this.nodes.apply(update);
    this.log.push(update);
  }
}

const encodeUpdate = (u: MemoryUpdate): PyJson => (u.op === 'set' ? ['set', u.path, u.value] : ['object', u.path, u.overwrite]);

const decodeUpdate = (tree: PyJson): MemoryUpdate => {
  const [op, path, arg] = tree as readonly PyJson[];
  return op === 'set' ? { op: 'set', path: path as string, value: arg! } : { op: 'object', path: path as string, overwrite: arg === true };
};

/**
 * One action execution's view of memory (upstream's per-action overlay): reads see the committed
 * memory and the action's own writes; the writes are published when the action completes, and
 * lost when it fails. A completed action's writes are recorded in the durable store under
 * `<scope>/memory`, so that a replay publishes exactly what the first run did.
 */
export class ActionMemory {
  private readonly overlays = new Map<Kind, Overlay>();

  constructor(private readonly committed: CommittedMemory) {}

  get shortTerm(): MemoryObject {
    return new MemoryObject(this.overlay('short_term'));
  }

  get sensory(): MemoryObject {
    return new MemoryObject(this.overlay('sensory'));
  }

  /** Publishes the writes of a completed action; on a replay, the recorded writes instead. */
  commit(store: DurableStore, scope: string): void {
    const key = `${scope}/${MEMORY_RECORD}`;
    const recorded = store.get(key);
    let updates: Map<Kind, MemoryUpdate[]>;
    if (recorded?.outcome.status === 'succeeded') {
      const tree = recorded.outcome.value as ReadonlyMap<string, PyJson>;
      updates = new Map(KINDS.map((kind) => [kind, ((tree.get(kind) ?? []) as readonly PyJson[]).map(decodeUpdate)]));
    } else {
      updates = new Map(KINDS.map((kind) => [kind, this.overlays.get(kind)?.log ?? []]));
      if ([...updates.values()].some((log) => log.length > 0)) {
        const value = new Map<string, PyJson>(KINDS.map((kind) => [kind, updates.get(kind)!.map(encodeUpdate)]));
        store.put(key, { name: MEMORY_RECORD, outcome: { status: 'succeeded', value } });
      }
    }
    for (const kind of KINDS) {
      const target = kind === 'short_term' ? this.committed.shortTerm : this.committed.sensory;
      for (const update of updates.get(kind)!) target.apply(update);
    }
  }

  private overlay(kind: Kind): Overlay {
    let found = this.overlays.get(kind);
    if (found === undefined) {
      found = new Overlay((kind === 'short_term' ? this.committed.shortTerm : this.committed.sensory).clone());
      this.overlays.set(kind, found);
    }
    return found;
  }
}

