import type { PyJson } from '../json/pyJson.js';
import { ResourceType } from '../resources/resourceType.js';

export interface McpPromptArgument {
  readonly name: string;
  readonly description: string | null;
  readonly required: boolean;
}

/** A prompt an MCP server advertises; its text stays on the server. */
export class McpPrompt {
  readonly resourceType = ResourceType.PROMPT;
  constructor(
    readonly name: string,
    readonly title: string | null,
    readonly description: string | null,
    readonly promptArguments: readonly McpPromptArgument[],
    readonly mcpServerName: string,
  ) {}

  toJSON(): Map<string, PyJson> {
    const args = this.promptArguments.map(
      (a) => new Map<string, PyJson>([['name', a.name], ['description', a.description], ['required', a.required]]),
    );
    return new Map<string, PyJson>([
      ['name', this.name],
      ['title', this.title],
      ['description', this.description],
      ['prompt_arguments', args],
      ['mcp_server_name', this.mcpServerName],
    ]);
  }
}
