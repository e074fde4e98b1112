import { NotFoundError } from '../../../../src/errors.js';
import { asObject } from '../../../../src/chat/chatMessage.js';
import type { PyJson } from '../../../../src/json/pyJson.js';

/** An exception a scripted sub-agent or tool raises: where, of which (Python) type, with what message. */
export interface RaiseSpec {
  /** `submit` or `await` for a sub-agent, `call` for a tool. */
  readonly at: string;
  readonly type: string;
  readonly message: string;
}

/**
 * Exactly one outcome: `returns` (an encoded value), `fails` (a failed result with a message or
 * null), `raise` or `cancel` at a point; optionally `waitMs` of work first (DESIGN §3.3).
 */
export interface Behaviour {
  readonly outcome: 'returns' | 'fails' | 'raise' | 'cancel';
  readonly value: PyJson;
  readonly raise?: RaiseSpec;
  readonly cancelAt?: string;
  readonly waitMs: number;
}

const OUTCOMES = ['returns', 'fails', 'raise', 'cancel'] as const;
const SUBAGENT_KEYS = ['cancel', 'fails', 'raise', 'returns', 'wait_ms'];
const TOOL_KEYS = ['cancel', 'raise', 'returns', 'wait_ms'];

/** Reads a fixture's behaviour block, with the Python reference's messages for a malformed one. */
export const readBehaviour = (tree: PyJson | undefined, where: string, kind: 'subagent' | 'tool'): Behaviour => {
  const [allowed, points] = kind === 'subagent' ? [SUBAGENT_KEYS, ['submit', 'await']] : [TOOL_KEYS, ['call']];
  if (!(tree instanceof Map)) throw new Error(`${where}: behaviour must be an object`);
  const fields = asObject(tree, where);
  const unknown = [...fields.keys()].filter((k) => !allowed.includes(k)).sort();
  if (unknown.length > 0) throw new Error(`${where}: unknown behaviour key ${unknown[0]} (expected one of ${allowed.join(', ')})`);
  const outcomes = OUTCOMES.filter((k) => fields.has(k));
  if (outcomes.length !== 1) throw new Error(`${where}: behaviour needs exactly one of ${OUTCOMES.filter((k) => allowed.includes(k)).join(', ')}`);
  const waitMs = fields.get('wait_ms') ?? 0;
  if (typeof waitMs !== 'number' || !Number.isInteger(waitMs) || waitMs < 0) throw new Error(`${where}.wait_ms must be a non-negative integer`);
  const outcome = outcomes[0] as Behaviour['outcome'];
  if (outcome === 'raise') {
    const spec = fields.get('raise');
    const raise = spec instanceof Map ? spec : new Map<string, PyJson>();
    const type = raise.get('type');
    const message = raise.get('message');
    if (typeof type !== 'string' || typeof message !== 'string') throw new Error(`${where}.raise needs a type and a message`);
    const at = raise.get('at') ?? points[0];
    if (typeof at !== 'string' || !points.includes(at)) throw new Error(`${where}.raise.at must be one of ${points.join(', ')}`);
    return { outcome, value: null, raise: { at, type, message }, waitMs };
  }
  if (outcome === 'cancel') {
    const at = fields.get('cancel');
    if (typeof at !== 'string' || !points.includes(at)) throw new Error(`${where}.cancel must be one of ${points.join(', ')}`);
    return { outcome, value: null, cancelAt: at, waitMs };
  }
  const value = fields.get(outcome) as PyJson;
  if (outcome === 'fails' && value !== null && typeof value !== 'string') throw new Error(`${where}.fails must be a message or null`);
  return { outcome, value, waitMs };
};

/** The error a raise spec stands for: a KeyError is the runtime's NotFoundError (its reason quotes), others carry the Python name. */
export const raisedError = (spec: RaiseSpec): Error => {
  if (spec.type === 'KeyError') return new NotFoundError(spec.message, { code: 'SCRIPTED_KEY_ERROR' });
  const error = new Error(spec.message);
  error.name = spec.type;
  return error;
};
