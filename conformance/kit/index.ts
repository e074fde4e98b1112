/**
 * The participant kit for JavaScript implementations (`agentparity/participant`): the serve
 * loop, the value codec, declarations to model classes, and errors in the protocol's shape.
 * docs/protocol.md is the protocol it speaks.
 */
export { serveParticipant, type ParticipantInfo } from './serveParticipant.js';
export { declaredModels, type DeclaredModels } from './declarations.js';
export { ERROR_KINDS, errorResult, type ErrorKind, type ErrorShapeOptions } from './errorShape.js';
export { decodeValue, type DecodeOptions, type ModelFactory } from '../codec/decodeValue.js';
export { encodeValue, type EncodeOptions } from '../codec/encodeValue.js';
export { CodecError } from '../codec/codecError.js';
export { parsePyJson } from '../../src/json/parsePyJson.js';
export { writePyJson } from '../../src/json/writePyJson.js';
export type { PyJson } from '../../src/json/pyJson.js';
export type { OpHandler, OpName, OpOutcome, ProtocolCase } from '../serve/ops/index.js';
export type { OpRegistry } from '../serve/answerCase.js';
export type { ServeStreams } from '../serve/serve.js';
