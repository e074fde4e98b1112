import { asObject } from '../../../src/chat/chatMessage.js';
import { ChatModelSetup } from '../../../src/chat/chatModelSetup.js';
import { ScriptedConnection } from '../../../src/chat/scriptedConnection.js';
import type { PyJson } from '../../../src/json/pyJson.js';
import { Agent } from '../../../src/plan/agent.js';
import { ReActAgent } from '../../../src/plan/reactAgent.js';
import { ResourceType } from '../../../src/resources/resourceType.js';
import { turnOf } from '../../serve/ops/scripted/world.js';

/**
 * An agent of a `run_internal` declaration: a plain agent, or with `react: {turns, subagents?,
 * description?, input_schema?}` a ReActAgent on a scripted model (connection `model`) that plays
 * the turns and may delegate to the named AGENT resources.
 */
export const declaredAgent = (name: string, spec: ReadonlyMap<string, PyJson>): Agent => {
  const react = spec.get('react');
  if (react === undefined) return new Agent(name);
  const options = asObject(react, `declaration.agents.${name}.react`);
  const agent = new ReActAgent({
    chatModel: new ChatModelSetup({ connection: 'model', model: name, subagents: (options.get('subagents') ?? []) as string[] }),
    subagentDescription: (options.get('description') as string | undefined) ?? null,
    subagentInputSchema: (options.get('input_schema') as string | undefined) ?? null,
    name,
  });
  return agent.addResource('model', ResourceType.CHAT_MODEL_CONNECTION, new ScriptedConnection(((options.get('turns') ?? []) as PyJson[]).map(turnOf)));
};
