import { InvalidTypeError, InvalidValueError } from '../errors.js';
import type { PyJson } from '../json/pyJson.js';
import { ResourceType } from '../resources/resourceType.js';
import { CALLABLE_NAME_PREFIX } from '../subagent/callableNamePrefix.js';
import { SubagentSetup } from '../subagent/subagentSetup.js';
import { pyTypeName } from '../python/pyTypeName.js';
import { SubagentTool } from './subagentTool.js';
import type { CallableSpec } from './toOpenAiTool.js';

/** Looks a resource up by name and type; throws when there is none (the context's own error). */
export type ResolveResource = (name: string, type: ResourceType) => unknown;

/** What the model is told about a callable: a tool's metadata, or a sub-agent callable's. */
export const callableSpec = (callable: unknown): CallableSpec => {
  const { name, description, parameters, metadata } = callable as {
    name?: unknown;
    description?: unknown;
    parameters?: PyJson;
    metadata?: { name: string; description: string; argsSchema: PyJson } | null;
  };
  if (metadata) return { name: metadata.name, description: metadata.description, parameters: metadata.argsSchema };
  if (typeof name === 'string' && typeof description === 'string') return { name, description, parameters: parameters ?? null };
  throw new InvalidTypeError(`A callable must carry a name, a description and parameters, but was ${pyTypeName(callable)}`, { code: 'CALLABLE_MALFORMED' });
};

/**
 * The callables of a chat-model setup, built from scratch (reference §2.2): the tools in declared
 * order, then one `_subagent_<name>` per named sub-agent. A repeated callable name, a sub-agent
 * that is not a `SubagentSetup` and a sub-agent with no input shape each fail the whole build,
 * with the upstream messages.
 */
export const buildCallables = (tools: readonly string[], subagents: readonly string[], resolve: ResolveResource): unknown[] => {
  const seen = new Set<string>();
  const claim = (name: string): void => {
    if (seen.has(name)) throw new InvalidValueError(`Duplicate callable name: ${name}`, { code: 'CALLABLE_DUPLICATE' });
    seen.add(name);
  };
  const callables: unknown[] = [];
  for (const name of tools) {
    claim(name);
    callables.push(resolve(name, ResourceType.TOOL));
  }
  for (const name of subagents) {
    claim(CALLABLE_NAME_PREFIX + name);
    const setup = resolve(name, ResourceType.AGENT);
    if (!(setup instanceof SubagentSetup)) {
      throw new InvalidTypeError(`Sub-agent ${name} must resolve to a SubagentSetup, but was ${pyTypeName(setup)}`, { code: 'CALLABLE_SUBAGENT_NOT_SETUP' });
    }
    if (setup.inputSchema === null) {
      throw new InvalidValueError(
        `Sub-agent ${name} declares neither an input schema nor an input type, so there are no arguments for the model to build a call from.`,
        { code: 'CALLABLE_SUBAGENT_NO_ARGUMENTS' },
      );
    }
    callables.push(SubagentTool.of(name, setup.description, setup.inputSchema));
  }
  return callables;
};
