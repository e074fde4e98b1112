// `agentparity/mcp`: the MCP classes plans name.
export { McpPrompt, McpTool, StdioMcpServer } from '../index.js';
