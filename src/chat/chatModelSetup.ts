import { InvalidValueError } from '../errors.js';
import type { PyJson } from '../json/pyJson.js';
import { ResourceType } from '../resources/resourceType.js';
import { buildCallables, callableSpec, type ResolveResource } from './buildCallables.js';
import type { ChatMessage } from './chatMessage.js';
import type { ChatModelConnection } from './chatModelConnection.js';
import { availableSkillsPrompt, injectSkillListing, SKILL_TOOLS, type SkillSummary } from './skillListing.js';
import { toOpenAiTool } from './toOpenAiTool.js';

export interface ChatModelSetupOptions {
  /** The CHAT_MODEL_CONNECTION resource to talk through. */
  readonly connection: string;
  readonly model: string;
  /** Names of TOOL resources the model may call. */
  readonly tools?: readonly string[];
  /** Names of the AGENT resources this setup may delegate to. */
  readonly subagents?: readonly string[];
  readonly skills?: readonly SkillSummary[];
}

/**
 * A chat model as an agent resource (upstream chat-model setup). `open()` resolves the connection
 * and builds the callables; it may run again and rebuilds from scratch. `chat()` passes the
 * callables in the OpenAI function-tool shape and injects only the skill listing.
 */
export class ChatModelSetup {
  readonly connectionName: string;
  readonly model: string;
  readonly tools: readonly string[];
  readonly subagents: readonly string[];
  readonly skills: readonly SkillSummary[];
  private opened: { connection: ChatModelConnection; callables: unknown[]; skillPrompt: string | null } | undefined;

  constructor(options: ChatModelSetupOptions) {
    this.connectionName = options.connection;
    this.model = options.model;
    this.tools = [...(options.tools ?? [])];
    this.subagents = [...(options.subagents ?? [])];
    this.skills = [...(options.skills ?? [])];
  }

  open(resolve: ResolveResource): void {
    const connection = resolve(this.connectionName, ResourceType.CHAT_MODEL_CONNECTION) as ChatModelConnection;
    const skillPrompt = availableSkillsPrompt(this.skills);
    const toolNames = [...this.tools];
    if (this.skills.length > 0) for (const name of SKILL_TOOLS) if (!toolNames.includes(name)) toolNames.push(name);
    const callables = buildCallables(toolNames, this.subagents, resolve);
    this.opened = { connection, callables, skillPrompt };
  }

  /** The callables built by the last `open()`, tools first. */
  get callables(): readonly unknown[] {
    return this.requireOpen().callables;
  }

  /** The callables as the model receives them. */
  toolSpecs(): Map<string, PyJson>[] {
    return this.requireOpen().callables.map((c) => toOpenAiTool(callableSpec(c)));
  }

  /** The messages the model is sent for a conversation: the conversation, plus the skill listing if any. */
  prepareMessages(messages: readonly ChatMessage[]): ChatMessage[] {
    return injectSkillListing(messages, this.requireOpen().skillPrompt);
  }

  async chat(messages: readonly ChatMessage[]): Promise<ChatMessage> {
    const { connection } = this.requireOpen();
    return connection.chat(this.model, this.prepareMessages(messages), this.toolSpecs());
  }

  /** The setup as a plan serializes it: what it was declared with, never what `open()` built. */
  toJSON(): Map<string, PyJson> {
    return new Map<string, PyJson>([
      ['connection', this.connectionName],
      ['model', this.model],
      ['tools', [...this.tools]],
      ['subagents', [...this.subagents]],
      ['skills', this.skills.map((s) => new Map<string, PyJson>([['name', s.name], ['description', s.description]]))],
    ]);
  }

  private requireOpen(): NonNullable<ChatModelSetup['opened']> {
    if (this.opened === undefined) throw new InvalidValueError(`The chat model setup for ${this.model} is not open: call open() first`, { code: 'CHAT_MODEL_NOT_OPEN' });
    return this.opened;
  }
}
