// The resources a dispatch, chat or agent fixture declares, built with scripted behaviour.
import { asObject, ChatMessage } from '../../../../src/chat/chatMessage.js';
import { ChatModelSetup } from '../../../../src/chat/chatModelSetup.js';
import { ScriptedConnection, type ScriptedTurn } from '../../../../src/chat/scriptedConnection.js';
import { readToolCall } from '../../../../src/chat/toolCall.js';
import { errorKind, isAgentparityError, protocolCode } from '../../../../src/errors.js';
import type { PyJson } from '../../../../src/json/pyJson.js';
import { Agent } from '../../../../src/plan/agent.js';
import { ResourceType } from '../../../../src/resources/resourceType.js';
import type { InputRun } from '../../../../src/runner/localRunner.js';
import type { DeclaredType } from '../../../../src/subagent/declaredType.js';
import type { Declaration } from '../../../../src/types/declaration.js';
import { readDeclaration } from '../../../../src/types/readDeclaration.js';
import { readBehaviour } from './behaviour.js';
import { BridgeHandle, EMPTY_PARAMETERS, ScriptedSubagentSetup, ScriptedTool, World } from './scriptedResources.js';

const namedEntries = (declaration: Map<string, PyJson>, key: string): [string, Map<string, PyJson>, string][] => {
  const entries = declaration.get(key) ?? [];
  if (!Array.isArray(entries)) throw new Error(`declaration.${key} must be a list`);
  return entries.map((entry, index) => {
    const where = `declaration.${key}[${index}]`;
    const name = entry instanceof Map ? entry.get('name') : undefined;
    if (typeof name !== 'string') throw new Error(`${where} needs a name`);
    return [name, entry as Map<string, PyJson>, where];
  });
};

const strings = (value: PyJson | undefined): string[] => (Array.isArray(value) ? (value as PyJson[]).map(String) : []);

const declaredType = (declaration: Declaration | undefined, entry: Map<string, PyJson>, key: string, where: string): DeclaredType | null => {
  const name = entry.get(key);
  if (name === undefined || name === null) return null;
  if (typeof name !== 'string' || declaration === undefined || !(declaration.models ?? []).some((m) => m.name === name)) {
    throw new Error(`${where}.${key}: no model named ${String(name)} is declared`);
  }
  return { declaration, name };
};

/** A scripted model turn as a declaration writes it: `{content?, tool_calls?: [{id, name, arguments}]}`. */
export const turnOf = (tree: PyJson): ScriptedTurn => {
  const turn = asObject(tree, 'turn');
  const calls = (turn.get('tool_calls') ?? []) as PyJson[];
  return {
    content: (turn.get('content') as string | undefined) ?? '',
    toolCalls: calls.map((c) => {
      const call = readToolCall(c);
      return { id: call.id, name: call.name, arguments: call.arguments };
    }),
  };
};

/**
 * The agent of the resources a fixture declares (`types`, `tools`, `subagents`,
 * `agent_resources`, `chat_models`), with scripted behaviour. With `defaultTurn`, a chat model given no turns
 * answers once with empty content.
 */
export const buildWorld = (tree: PyJson | undefined, defaultTurn = false): { world: World; agent: Agent; declaration: Map<string, PyJson> } => {
  const declaration = tree === undefined || tree === null ? new Map<string, PyJson>() : asObject(tree, 'declaration');
  const types = declaration.has('types') ? readDeclaration(declaration.get('types') as PyJson) : undefined;
  const world = new World(types);
  const agent = new Agent();
  for (const [name, entry, where] of namedEntries(declaration, 'tools')) {
    const behaviour = readBehaviour(entry.get('behaviour'), `${where}.behaviour`, 'tool');
    agent.addResource(name, ResourceType.TOOL, new ScriptedTool(name, (entry.get('description') as string | undefined) ?? '', entry.get('parameters') ?? EMPTY_PARAMETERS(), behaviour, world));
  }
  for (const [name, entry, where] of namedEntries(declaration, 'subagents')) {
    const behaviour = readBehaviour(entry.get('behaviour'), `${where}.behaviour`, 'subagent');
    const options = {
      ...(entry.has('description') ? { description: entry.get('description') as string } : {}),
      ...(entry.has('input_schema') ? { inputSchema: entry.get('input_schema') as string | null } : {}),
      inputType: declaredType(types, entry, 'input_type', where),
      resultType: declaredType(types, entry, 'result_type', where),
    };
    agent.addResource(name, ResourceType.AGENT, new ScriptedSubagentSetup(options, name, behaviour, world));
  }
  for (const [name, entry, where] of namedEntries(declaration, 'agent_resources')) {
    const kind = entry.get('kind');
    if (kind === 'tool') agent.addResource(name, ResourceType.AGENT, new ScriptedTool(name, '', EMPTY_PARAMETERS(), { outcome: 'returns', value: null, waitMs: 0 }, world));
    else if (kind === 'handle') agent.addResource(name, ResourceType.AGENT, new BridgeHandle());
    else throw new Error(`${where}.kind must be tool or handle`);
  }
  for (const [name, entry] of namedEntries(declaration, 'chat_models')) {
    const turns = ((entry.get('turns') ?? []) as PyJson[]).map(turnOf);
    agent.addResource(`${name}-connection`, ResourceType.CHAT_MODEL_CONNECTION, new ScriptedConnection(defaultTurn && turns.length === 0 ? [{}] : turns));
    const skills = ((entry.get('skills') ?? []) as PyJson[]).map((s) => {
      const skill = asObject(s, 'skill');
      return { name: String(skill.get('name')), description: String(skill.get('description')) };
    });
    agent.addResource(
      name,
      ResourceType.CHAT_MODEL,
      new ChatModelSetup({
        connection: `${name}-connection`,
        model: (entry.get('model') as string | undefined) ?? name,
        tools: strings(entry.get('tools')),
        subagents: strings(entry.get('subagents')),
        skills,
      }),
    );
  }
  return { world, agent, declaration };
};

/** A message as the ops report it: role and content, plus its tool calls or the call it answers. */
export const messageSummary = (message: ChatMessage): Map<string, PyJson> => {
  const summary = new Map<string, PyJson>([['role', message.role], ['content', message.content]]);
  if (message.toolCalls.length > 0) {
    summary.set(
      'tool_calls',
      message.toolCalls.map((tree) => {
        const call = readToolCall(tree);
        return new Map<string, PyJson>([['id', call.id], ['name', call.name], ['arguments', call.arguments]]);
      }),
    );
  }
  if (message.role === 'tool') summary.set('tool_call_id', (message.extraArgs.get('tool_call_id') as string | undefined) ?? null);
  return summary;
};

/** A failure the op is about, as `{error: {kind, message}}` with the Python exception name. */
export const errorResult = (error: unknown): Map<string, PyJson> => {
  const kind = errorKind(error);
  const message = error instanceof Error ? error.message : String(error);
  const shape = new Map<string, PyJson>([['kind', kind]]);
  const code = protocolCode(error);
  if (code !== undefined) shape.set('code', code);
  return new Map<string, PyJson>([['error', shape.set('message', message)]]);
};

/** One input's run as both run ops report it: its outputs, its events' types, and its error. */
export const runSummary = (run: InputRun): Map<string, PyJson> => {
  const summary = new Map<string, PyJson>([
    ['outputs', run.outputs],
    ['events', run.trace.map((e) => e.type)],
  ]);
  if (run.error !== undefined) summary.set('error', errorResult(run.error).get('error') as PyJson);
  return summary;
};

/** Whether an error is one the op reports as its result (a refused declaration), not a crash. */
export const isReportedFailure = (error: unknown): boolean =>
  isAgentparityError(error) && ['ValueError', 'TypeError', 'KeyError'].includes(error.kind);
