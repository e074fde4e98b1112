import type { ChatModelSetup } from '../chat/chatModelSetup.js';
import type { PyJson } from '../json/pyJson.js';
import type { Prompt } from '../resources/prompt.js';
import type { ResourceDescriptor } from '../resources/resourceDescriptor.js';
import { ResourceType } from '../resources/resourceType.js';
import { EVENT_TYPES } from '../runtime/events.js';
import { REACT_START_ACTION, REACT_STOP_ACTION } from '../runtime/reactActions.js';
import { Agent } from './agent.js';
import type { SubagentMetadataProvider } from './subagentMetadata.js';

/** Upstream's default description of a ReAct agent called as a sub-agent. */
export const DEFAULT_SUBAGENT_DESCRIPTION = 'A general-purpose agent that completes a delegated task using its tools.';
/** Upstream's default input schema, exactly this compact text. */
export const DEFAULT_SUBAGENT_INPUT_SCHEMA = '{"type":"object","properties":{"input":{"type":"string"}},"required":["input"]}';

const CHAT_MODEL_RESOURCE = '_default_chat_model';
const USER_PROMPT_RESOURCE = '_default_user_prompt';

export interface ReActAgentOptions {
  /** The chat model: a setup or descriptor the agent owns, or the name of a chat model its scope resolves (a caller's). */
  readonly chatModel: ChatModelSetup | ResourceDescriptor | string;
  /** Turns the input into messages; `{field}` takes the input's field (a primitive input is `input`). */
  readonly prompt?: Prompt;
  /** Null keeps the default; each default is overridden on its own. */
  readonly subagentDescription?: string | null;
  readonly subagentInputSchema?: string | null;
  readonly name?: string;
}

/**
 * Upstream's ReActAgent (design D3): asks its chat model with the input, lets the model call its
 * tools until it answers, and outputs the answer. As a sub-agent it describes itself with the
 * general-purpose defaults unless told otherwise. Its tools are the ones added to it.
 */
export class ReActAgent extends Agent implements SubagentMetadataProvider {
  private readonly description: string | null;
  private readonly inputSchema: string | null;

  constructor(options: ReActAgentOptions) {
    super(options.name);
    this.description = options.subagentDescription ?? null;
    this.inputSchema = options.subagentInputSchema ?? null;
    const config = new Map<string, PyJson>();
    if (typeof options.chatModel === 'string') config.set('chat_model', options.chatModel);
    else {
      this.addResource(CHAT_MODEL_RESOURCE, ResourceType.CHAT_MODEL, options.chatModel);
      config.set('chat_model', CHAT_MODEL_RESOURCE);
    }
    if (options.prompt !== undefined) {
      this.addResource(USER_PROMPT_RESOURCE, ResourceType.PROMPT, options.prompt);
      config.set('user_prompt', USER_PROMPT_RESOURCE);
    }
    this.addAction('start_action', [EVENT_TYPES.input], REACT_START_ACTION, config);
    this.addAction('stop_action', [EVENT_TYPES.chatResponse], REACT_STOP_ACTION);
  }

  getSubagentDescription(): string {
    return this.description ?? DEFAULT_SUBAGENT_DESCRIPTION;
  }

  getSubagentInputSchema(): string {
    return this.inputSchema ?? DEFAULT_SUBAGENT_INPUT_SCHEMA;
  }
}
