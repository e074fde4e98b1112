import { InvalidValueError, NotSupportedError } from '../errors.js';
import { parsePyJson } from '../json/parsePyJson.js';
import type { PyJson } from '../json/pyJson.js';
import { CALLABLE_NAME_PREFIX } from '../subagent/callableNamePrefix.js';

/** The marker every sub-agent callable's description ends with (reference §2.3). */
export const SUBAGENT_MARKER = ' This is subagent.';

/**
 * A sub-agent offered to a chat model as a callable: metadata only. Dispatch resolves the AGENT
 * resource at execution, so calling this is an error.
 */
export class SubagentTool {
  readonly toolType = 'function';

  private constructor(
    readonly name: string,
    readonly description: string,
    /** The sub-agent's input schema, parsed losslessly: forwarded to the model verbatim. */
    readonly parameters: PyJson,
  ) {}

  /** The callable for the AGENT resource `agentName`, with its description (or the generic one) and schema. */
  static of(agentName: string, description: string, inputSchema: string): SubagentTool {
    let parameters: PyJson;
    try {
      parameters = parsePyJson(inputSchema);
    } catch {
      throw new InvalidValueError(`Sub-agent ${agentName} declares an input schema that is not valid JSON.`, { code: 'SUBAGENT_TOOL_SCHEMA_NOT_JSON' });
    }
    const text = description || `Delegate a standalone task to sub-agent ${agentName}`;
    return new SubagentTool(CALLABLE_NAME_PREFIX + agentName, text + SUBAGENT_MARKER, parameters);
  }

  call(): never {
    throw new NotSupportedError('SubagentTool is metadata-only; resolve the AGENT resource at execution time.', { code: 'SUBAGENT_TOOL_METADATA_ONLY' });
  }
}
