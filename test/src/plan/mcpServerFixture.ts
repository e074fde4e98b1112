import { fileURLToPath } from 'node:url';
import { ResourceDescriptor } from '../../../src/resources/resourceDescriptor.js';
import type { PyJson } from '../../../src/json/pyJson.js';

/** The path of the test MCP server (official SDK, stdio). */
export const MCP_SERVER_SCRIPT = fileURLToPath(new URL('../../fixtures/mcp/server.mjs', import.meta.url));

export interface ServerSpec {
  readonly tools?: readonly { name: string; description?: string; inputSchema?: unknown }[];
  readonly prompts?: readonly { name: string; title?: string; description?: string; arguments?: unknown[] }[];
  readonly pageSize?: number;
}

/** A descriptor of the test server advertising exactly `spec`, in the given language's naming. */
export const mcpServerDescriptor = (spec: ServerSpec, language: 'typescript' | 'python' = 'typescript'): ResourceDescriptor =>
  new ResourceDescriptor(
    language === 'typescript' ? 'agentparity/mcp' : 'agentparity_ref.mcp',
    'StdioMcpServer',
    new Map<string, PyJson>([
      ['command', process.execPath],
      ['args', [MCP_SERVER_SCRIPT, JSON.stringify(spec)]],
    ]),
    language,
  );
