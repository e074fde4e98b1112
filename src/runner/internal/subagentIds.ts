import { createHash } from 'node:crypto';
import { isPlainObject, objectEntries, type PyJson } from '../../json/pyJson.js';
import { writePyJson } from '../../json/writePyJson.js';
import { pyStrOrder } from '../../python/pyStrOrder.js';

/** What identifies the action task that submits calls (upstream's allocator namespace). */
export interface IdNamespace {
  readonly key: string;
  readonly sequenceNumber: number;
  readonly actionName: string;
  readonly eventType: string;
  readonly eventAttributes: PyJson;
  /** The resource name of the setup called. */
  readonly agentName: string;
}

const sortedKeys = (value: PyJson): PyJson => {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value instanceof Map || isPlainObject(value)) {
    const entries = [...objectEntries(value)].sort(([a], [b]) => pyStrOrder(a, b));
    return new Map(entries.map(([k, v]) => [k, sortedKeys(v)]));
  }
  return value;
};

/** Java's `UUID.nameUUIDFromBytes`: an MD5 name-based (version 3) UUID. */
export const nameUuid = (text: string): string => {
  const bytes = createHash('md5').update(text, 'utf8').digest();
  bytes[6] = (bytes[6]! & 0x0f) | 0x30;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/**
 * Upstream's `SubagentIdAllocator` for one action task and one setup: the digest of the
 * namespace (compact JSON, keys sorted), sessions `<digest>-<n>` from 0 and calls
 * `<session>-<k>` from 1 per session. The same inputs give the same ids in both languages.
 */
export class SubagentIds {
  private readonly digest: string;
  private sessions = 0;
  private readonly calls = new Map<string, number>();

  constructor(namespace: IdNamespace) {
    const tree = new Map<string, PyJson>([
      ['key', namespace.key],
      ['sequenceNumber', namespace.sequenceNumber],
      ['actionName', namespace.actionName],
      ['eventType', namespace.eventType],
      ['eventAttributes', namespace.eventAttributes],
      ['agentName', namespace.agentName],
    ]);
    this.digest = nameUuid(writePyJson(sortedKeys(tree), { separators: 'compact', ensureAscii: false }));
  }

  nextSessionId(): string {
    const id = `${this.digest}-${this.sessions}`;
    this.sessions += 1;
    return id;
  }

  nextCallId(sessionId: string): string {
    const k = (this.calls.get(sessionId) ?? 0) + 1;
    this.calls.set(sessionId, k);
    return `${sessionId}-${k}`;
  }
}
