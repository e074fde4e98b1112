/** Prefixed to a sub-agent's name to name the callable a chat model sees (`_subagent_reviewer`). */
export const CALLABLE_NAME_PREFIX = '_subagent_';
