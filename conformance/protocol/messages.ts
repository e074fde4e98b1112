import type { PyJson } from '../../src/json/pyJson.js';
import type { OpName } from '../serve/ops/index.js';

/** The protocol version this harness speaks (`conformance/protocol.schema.json#/$defs/version`). */
export const PROTOCOL_VERSION = 1;

/** Every op the protocol knows, in the order of the schema's `#/$defs/op`. */
export const OP_NAMES: readonly OpName[] = [
  'derive_schema',
  'normalize',
  'render_content',
  'open_chat_model',
  'dispatch',
  'build_plan',
  'load_plan',
  'run_agent',
  'run_internal',
];

export const isOpName = (value: unknown): value is OpName => typeof value === 'string' && (OP_NAMES as readonly string[]).includes(value);

/**
 * Optional parts of protocol version 1 (`#/$defs/feature`). A participant lists the ones it
 * understands in its start reply, and the harness uses a feature only with a participant that
 * lists it: one that lists none gets the protocol as it first was.
 */
export type ProtocolFeature = 'declaration_key' | 'run_internal_plan';

export const PROTOCOL_FEATURES: readonly ProtocolFeature[] = ['declaration_key', 'run_internal_plan'];

export const isProtocolFeature = (value: unknown): value is ProtocolFeature =>
  typeof value === 'string' && (PROTOCOL_FEATURES as readonly string[]).includes(value);

/** What a participant says about itself in its `start` reply (`#/$defs/started`). */
export interface ImplementationInfo {
  readonly name: string;
  readonly language: string;
  readonly version: string;
  readonly language_version?: string;
  readonly ops: readonly OpName[];
  /** The optional protocol features it understands; absent when it names none. */
  readonly features?: readonly ProtocolFeature[];
  /** The versions of the libraries that decide its results (`{"pydantic": "2.13.4"}`), by name. */
  readonly libraries?: Readonly<Record<string, string>>;
}

export type Seq = number | string;

/** The context of an `errored` answer; the harness adds what it saw of the process. */
export interface ErrorContext {
  readonly message: string;
  readonly traceback?: string;
  readonly stderr?: string;
  readonly exitCode?: number;
  readonly signal?: string;
}

/** One answer to a `run` request, decoded. */
export type RunResponse =
  | { readonly seq: Seq; readonly status: 'result'; readonly result: PyJson; readonly text: string }
  | { readonly seq: Seq; readonly status: 'skipped'; readonly reason: string }
  | { readonly seq: Seq; readonly status: 'errored'; readonly context: ErrorContext };
