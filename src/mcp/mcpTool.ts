import type { PyJson } from '../json/pyJson.js';
import { Tool } from '../tools/tool.js';
import type { ToolMetadata } from '../tools/toolMetadata.js';

/** A tool an MCP server advertises, registered under the name the server chose. */
export class McpTool extends Tool {
  readonly toolType = 'mcp';
  constructor(
    readonly metadata: ToolMetadata,
    /** The MCP_SERVER resource that advertised it. */
    readonly mcpServerName: string,
  ) {
    super();
  }

  get name(): string {
    return this.metadata.name;
  }

  toJSON(): Map<string, PyJson> {
    return new Map<string, PyJson>([
      ['name', this.name],
      ['metadata', this.metadata.toJSON()],
      ['mcp_server_name', this.mcpServerName],
    ]);
  }
}
