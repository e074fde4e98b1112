/**
 * What an agent tells a caller about itself as a sub-agent (upstream `SubagentMetadataProvider`):
 * routing information for a caller deciding whether to delegate, and the JSON Schema of its input.
 * Null means none declared.
 */
export interface SubagentMetadataProvider {
  getSubagentDescription(): string | null;
  getSubagentInputSchema(): string | null;
}

const isMetadataProvider = (value: object): value is SubagentMetadataProvider =>
  typeof (value as Partial<SubagentMetadataProvider>).getSubagentDescription === 'function' &&
  typeof (value as Partial<SubagentMetadataProvider>).getSubagentInputSchema === 'function';

/** An agent's declared metadata; without the capability (or null), description "" and no schema. */
export const subagentMetadata = (agent: object): { description: string; inputSchema: string | null } => {
  if (!isMetadataProvider(agent)) return { description: '', inputSchema: null };
  return { description: agent.getSubagentDescription() ?? '', inputSchema: agent.getSubagentInputSchema() };
};
