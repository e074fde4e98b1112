import type { MessageRole } from '../chat/chatMessage.js';
import type { PyJson } from '../json/pyJson.js';
import { ResourceType } from './resourceType.js';

export interface PromptMessage {
  readonly role: MessageRole;
  readonly content: string;
}

/** A prompt template: one text, or a list of role-tagged messages. */
export class Prompt {
  readonly resourceType = ResourceType.PROMPT;

  private constructor(
    readonly text: string | null,
    readonly messages: readonly PromptMessage[] | null,
  ) {}

  static fromText(text: string): Prompt {
    return new Prompt(text, null);
  }

  static fromMessages(messages: readonly PromptMessage[]): Prompt {
    return new Prompt(null, [...messages]);
  }

  toJSON(): Map<string, PyJson> {
    const messages = this.messages?.map((m) => new Map<string, PyJson>([['role', m.role], ['content', m.content]]));
    return new Map<string, PyJson>([
      ['text', this.text],
      ['messages', messages ?? null],
    ]);
  }
}
