/**
 * What a trigger condition means, for comparing plans: an event type (however it is written:
 * surrounding space and quotes do not matter) or a condition expression (compared as written,
 * trimmed). The rules reproduce the classification of the upstream cross-language
 * trigger-condition conformance table.
 */
export type TriggerCondition = { readonly kind: 'event_type'; readonly name: string } | { readonly kind: 'expression'; readonly text: string };

const QUOTED = /^(['"])([^\s'"\\]+)\1$/;
const BARE_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const KEYWORDS: readonly string[] = ['true', 'false', 'null'];

export const classifyTrigger = (entry: string): TriggerCondition => {
  const text = entry.trim();
  const quoted = QUOTED.exec(text);
  if (quoted) return { kind: 'event_type', name: quoted[2]! };
  if (BARE_NAME.test(text) && !KEYWORDS.includes(text) && !text.startsWith('EventType.')) return { kind: 'event_type', name: text };
  return { kind: 'expression', text };
};

/** A trigger condition's meaning as one comparable string. */
export const triggerKey = (entry: string): string => {
  const condition = classifyTrigger(entry);
  return condition.kind === 'event_type' ? `event ${condition.name}` : `expression ${condition.text}`;
};
