import { InvalidValueError } from '../errors.js';
import { McpPrompt } from '../mcp/mcpPrompt.js';
import { McpTool } from '../mcp/mcpTool.js';
import type { McpPromptInfo } from '../mcp/stdioMcpServer.js';
import { ResourceType } from '../resources/resourceType.js';
import type { ToolMetadata } from '../tools/toolMetadata.js';
import { identityText, type ClassRegistry } from './classRegistry.js';
import { PlanBuildError } from './planErrors.js';
import { providerFor } from './providerFor.js';
import { checkAdvertisedToolName } from './reservedNames.js';
import type { DescriptorProvider, ResourceProvider } from './resourceProvider.js';
import { quote } from '../types/declarationTree.js';

/** What plan construction asks of an MCP server resource. */
interface McpServerConnection {
  listTools(): Promise<ToolMetadata[]>;
  listPrompts(): Promise<McpPromptInfo[]>;
  close(): Promise<void>;
}

const isConnection = (value: unknown): value is McpServerConnection =>
  typeof value === 'object' && value !== null && typeof (value as McpServerConnection).listTools === 'function';

/**
 * Asks an MCP server what it offers and files each prompt and tool as a resource of its own.
 * The server chose the tool names, so each is checked against the reserved prefix here, and one
 * reserved name fails the whole plan. The server is closed whatever happens.
 */
export const discoverMcpTools = async (server: DescriptorProvider, registry: ClassRegistry): Promise<ResourceProvider[]> => {
  const { descriptor } = server;
  const identity = { module: descriptor.targetModule, clazz: descriptor.targetClazz };
  const entry = descriptor.language === 'typescript' ? registry.find(identity) : registry.findStandIn(descriptor.language, identity);
  if (!entry?.create) throw new InvalidValueError(`unknown class ${quote(identityText(identity))}: it is not in the class registry`, { code: 'CLASS_UNKNOWN' });
  const connection = entry.create(descriptor.args, server.name);
  if (!isConnection(connection)) throw new PlanBuildError(`class ${quote(identityText(identity))} is not an MCP server`, { code: 'MCP_NOT_A_SERVER' });
  let tools: ToolMetadata[];
  let prompts: McpPromptInfo[];
  try {
    tools = await connection.listTools();
    prompts = await connection.listPrompts();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new PlanBuildError(`MCP server '${server.name}' could not be queried: ${reason}`, { code: 'MCP_QUERY_FAILED', cause: error });
  } finally {
    await connection.close();
  }
  const providers: ResourceProvider[] = prompts.map((p) =>
    providerFor(p.name, ResourceType.PROMPT, new McpPrompt(p.name, p.title, p.description, p.arguments, server.name), registry),
  );
  for (const tool of tools) {
    checkAdvertisedToolName(server.name, tool.name);
    providers.push(providerFor(tool.name, ResourceType.TOOL, new McpTool(tool, server.name), registry));
  }
  return providers;
};
