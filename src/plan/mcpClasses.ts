import { McpPrompt } from '../mcp/mcpPrompt.js';
import { McpTool } from '../mcp/mcpTool.js';
import { StdioMcpServer } from '../mcp/stdioMcpServer.js';
import { ResourceType } from '../resources/resourceType.js';
import type { ClassEntry } from './classRegistry.js';
import { readToolMetadata } from './coreClasses.js';
import type { JsonNode } from './jsonNode.js';
import { quote } from '../types/declarationTree.js';

const readMcpTool = (node: JsonNode): McpTool => {
  const object = node.asObject().allowOnly(['name', 'metadata', 'mcp_server_name']);
  const nameNode = object.required('name');
  const metadata = readToolMetadata(object.required('metadata'));
  if (nameNode.asString() !== metadata.name) nameNode.fail('PLAN_TOOL_NAME_MISMATCH', `tool name ${quote(nameNode.asString())} differs from its metadata name ${quote(metadata.name)}`);
  return new McpTool(metadata, object.required('mcp_server_name').asString());
};

const nullableString = (node: JsonNode): string | null => (node.isNull ? null : node.asString());

const readMcpPrompt = (node: JsonNode): McpPrompt => {
  const object = node.asObject().allowOnly(['name', 'title', 'description', 'prompt_arguments', 'mcp_server_name']);
  return new McpPrompt(
    object.required('name').asString(),
    nullableString(object.required('title')),
    nullableString(object.required('description')),
    object.required('prompt_arguments').asArray().map((item) => {
      const argument = item.asObject().allowOnly(['name', 'description', 'required']);
      return {
        name: argument.required('name').asString(),
        description: nullableString(argument.required('description')),
        required: argument.required('required').asBoolean(),
      };
    }),
    object.required('mcp_server_name').asString(),
  );
};

/** The MCP classes plans name: discovered tools and prompts, and the stdio server behind them. */
export const mcpClasses: readonly ClassEntry[] = [
  { module: 'agentparity/mcp', clazz: 'McpTool', type: ResourceType.TOOL, cls: McpTool, restore: readMcpTool },
  { module: 'agentparity/mcp', clazz: 'McpPrompt', type: ResourceType.PROMPT, cls: McpPrompt, restore: readMcpPrompt },
  {
    module: 'agentparity/mcp',
    clazz: 'StdioMcpServer',
    type: ResourceType.MCP_SERVER,
    cls: StdioMcpServer,
    create: (args, name) => StdioMcpServer.fromArguments(args, name),
    // The server is another process reached over the same protocol, so the Python reference's
    // stdio server names the same thing.
    standsFor: [{ language: 'python', module: 'agentparity_ref.mcp', clazz: 'StdioMcpServer' }],
  },
];
