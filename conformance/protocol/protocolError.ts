/**
 * A line that breaks the protocol: unparseable, of the wrong shape, or a request the receiver
 * cannot honour. `fatal` marks the ones after which the receiver cannot go on (an unsupported
 * protocol version), as opposed to a single bad line.
 */
export class ProtocolError extends Error {
  override readonly name = 'ProtocolError';
  constructor(
    message: string,
    readonly fatal = false,
  ) {
    super(message);
  }
}
