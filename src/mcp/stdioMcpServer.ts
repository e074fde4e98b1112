import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InvalidValueError } from '../errors.js';
import { PyFloat, numberValue, type PyJson } from '../json/pyJson.js';
import { ResourceType } from '../resources/resourceType.js';
import { ToolMetadata } from '../tools/toolMetadata.js';
import type { McpPromptArgument } from './mcpPrompt.js';

export interface StdioMcpServerOptions {
  readonly command: string;
  readonly args?: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  readonly cwd?: string;
  /** Seconds to wait for each answer. */
  readonly timeout?: number;
}

export interface McpPromptInfo {
  readonly name: string;
  readonly title: string | null;
  readonly description: string | null;
  readonly arguments: readonly McpPromptArgument[];
}

const EMPTY_OBJECT_SCHEMA = (): PyJson => new Map<string, PyJson>([['type', 'object'], ['properties', new Map()]]);

/**
 * An MCP server run as a child process and spoken to over stdio with the official SDK. It lives
 * only as long as discovery needs it: `listTools`/`listPrompts` connect on first use, `close`
 * ends the process.
 */
export class StdioMcpServer {
  readonly resourceType = ResourceType.MCP_SERVER;
  private client: Client | undefined;

  constructor(readonly options: StdioMcpServerOptions) {}

  /** From a descriptor's arguments (`command`, `args`, `env`, `cwd`, `timeout`). */
  static fromArguments(args: ReadonlyMap<string, PyJson>, name: string): StdioMcpServer {
    const fail = (message: string): never => {
      throw new InvalidValueError(`MCP server '${name}': ${message}`, { code: 'MCP_SERVER_ARGUMENT' });
    };
    const known = ['command', 'args', 'env', 'cwd', 'timeout'];
    for (const key of args.keys()) if (!known.includes(key)) fail(`unknown argument '${key}'`);
    const command = args.get('command');
    if (typeof command !== 'string' || command === '') fail("'command' must be a non-empty string");
    const list = args.get('args') ?? [];
    if (!Array.isArray(list) || !list.every((a) => typeof a === 'string')) fail("'args' must be a list of strings");
    const env = args.get('env') ?? new Map<string, PyJson>();
    if (!(env instanceof Map) || ![...env.values()].every((v) => typeof v === 'string')) fail("'env' must map names to strings");
    const cwd = args.get('cwd');
    if (cwd !== undefined && typeof cwd !== 'string') fail("'cwd' must be a string");
    const timeoutValue = args.get('timeout') ?? 30;
    const timeout = typeof timeoutValue === 'number' || timeoutValue instanceof PyFloat ? numberValue(timeoutValue) : NaN;
    if (!(timeout > 0)) fail("'timeout' must be a positive number of seconds");
    return new StdioMcpServer({
      command: command as string,
      args: list as string[],
      env: Object.fromEntries(env as Map<string, string>),
      ...(cwd === undefined ? {} : { cwd: cwd as string }),
      timeout,
    });
  }

  private async connect(): Promise<Client> {
    if (this.client) return this.client;
    const { command, args = [], env, cwd } = this.options;
    // The SDK is loaded when a server is first reached: it is a third of the command line's start-up.
    const [{ Client }, { StdioClientTransport }] = await Promise.all([
      import('@modelcontextprotocol/sdk/client/index.js'),
      import('@modelcontextprotocol/sdk/client/stdio.js'),
    ]);
    const transport = new StdioClientTransport({
      command,
      args: [...args],
      ...(env && Object.keys(env).length > 0 ? { env: { ...process.env, ...env } as Record<string, string> } : {}),
      ...(cwd === undefined ? {} : { cwd }),
      stderr: 'ignore',
    });
    const client = new Client({ name: 'agentparity', version: '0.1.0' });
    await client.connect(transport, { timeout: this.timeoutMs });
    this.client = client;
    return client;
  }

  private get timeoutMs(): number {
    return (this.options.timeout ?? 30) * 1000;
  }

  /** Every tool the server advertises, following pagination. */
  async listTools(): Promise<ToolMetadata[]> {
    const client = await this.connect();
    const tools: ToolMetadata[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor === undefined ? {} : { cursor }, { timeout: this.timeoutMs });
      for (const tool of page.tools) {
        tools.push(new ToolMetadata(tool.name, tool.description ?? '', (tool.inputSchema as PyJson | undefined) ?? EMPTY_OBJECT_SCHEMA()));
      }
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    return tools;
  }

  /** The server's prompts; none when it does not offer the prompts capability. */
  async listPrompts(): Promise<McpPromptInfo[]> {
    const client = await this.connect();
    if (!client.getServerCapabilities()?.prompts) return [];
    const prompts: McpPromptInfo[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listPrompts(cursor === undefined ? {} : { cursor }, { timeout: this.timeoutMs });
      for (const prompt of page.prompts) {
        prompts.push({
          name: prompt.name,
          title: prompt.title ?? null,
          description: prompt.description ?? null,
          arguments: (prompt.arguments ?? []).map((a) => ({ name: a.name, description: a.description ?? null, required: a.required ?? false })),
        });
      }
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    return prompts;
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    await client?.close();
  }
}
