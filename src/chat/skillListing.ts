import { ChatMessage } from './chatMessage.js';

/** A skill the model may load: its name and what it is for. */
export interface SkillSummary {
  readonly name: string;
  readonly description: string;
}

/** The tools a setup with skills needs, added to its declared tools when absent. */
export const SKILL_TOOLS: readonly string[] = ['load_skill', 'bash'];

const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The skill-discovery system prompt, or null when there are no skills (then nothing is injected). */
export const availableSkillsPrompt = (skills: readonly SkillSummary[]): string | null => {
  if (skills.length === 0) return null;
  const entries = skills.map((s) => `<skill>\n<name>${escape(s.name)}</name>\n<description>${escape(s.description)}</description>\n</skill>`);
  return `<available_skills>\n${entries.join('\n')}\n</available_skills>`;
};

/**
 * The one message a setup injects (reference §2.2): the skill listing, right after the first
 * system message, or at the head when there is none. Sub-agents inject nothing.
 */
export const injectSkillListing = (messages: readonly ChatMessage[], prompt: string | null): ChatMessage[] => {
  if (prompt === null) return [...messages];
  const listing = new ChatMessage('system', prompt);
  const firstSystem = messages.findIndex((m) => m.role === 'system');
  const at = firstSystem < 0 ? 0 : firstSystem + 1;
  return [...messages.slice(0, at), listing, ...messages.slice(at)];
};
