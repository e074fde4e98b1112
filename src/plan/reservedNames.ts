import { InvalidValueError } from '../errors.js';
import { CALLABLE_NAME_PREFIX } from '../subagent/callableNamePrefix.js';

/**
 * Refuses a tool name under the sub-agent callable prefix: dispatch sends every prefixed call to
 * the AGENT namespace, so such a tool could never be called.
 */
export const checkToolNameNotReserved = (name: string): void => {
  if (name.startsWith(CALLABLE_NAME_PREFIX)) {
    throw new InvalidValueError(
      `Tool name '${name}' must not start with the reserved prefix '${CALLABLE_NAME_PREFIX}', which identifies sub-agent callables.`,
      { code: 'TOOL_NAME_RESERVED' },
    );
  }
};

/** The same check for a tool an MCP server chose the name of, naming the server. */
export const checkAdvertisedToolName = (server: string, name: string): void => {
  try {
    checkToolNameNotReserved(name);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new InvalidValueError(`MCP server '${server}' advertised a tool with a reserved name: ${reason}`, { code: 'MCP_TOOL_NAME_RESERVED', cause: error });
  }
};
