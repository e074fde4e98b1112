import { isOpName, type ImplementationInfo, type ProtocolFeature } from '../protocol/messages.js';
import type { OpRegistry } from '../serve/answerCase.js';
import { makeLineHandler } from '../serve/handleLine.js';
import { serve, type ServeStreams } from '../serve/serve.js';

export interface ParticipantInfo {
  readonly name: string;
  readonly version: string;
  /** `javascript` unless given. */
  readonly language?: string;
  /** The optional protocol features; `declaration_key` (handled by the loop) unless given. */
  readonly features?: readonly ProtocolFeature[];
}

/**
 * Serves the protocol (docs/protocol.md) for a set of ops until `stop` or end of input, on
 * stdin/stdout unless `streams` says otherwise; resolves to the exit code (mirrors
 * `agentparity_ref/kit/serve_participant.py`). The loop does the framing, `start`, `stop`,
 * `seq`, malformed requests and `declaration_key`; a case whose op is not given is `skipped`,
 * an op that throws is `errored` with the stack.
 */
export const serveParticipant = async (ops: OpRegistry, info: ParticipantInfo, streams?: ServeStreams): Promise<number> => {
  const started: ImplementationInfo = {
    name: info.name,
    language: info.language ?? 'javascript',
    version: info.version,
    language_version: `node ${process.versions.node}`,
    ops: Object.keys(ops).filter(isOpName),
    features: info.features ?? ['declaration_key'],
  };
  const code = await serve(makeLineHandler(ops, () => started), streams);
  // An open stdin would keep the process alive after `stop`.
  if (streams === undefined) process.stdin.destroy();
  return code;
};
