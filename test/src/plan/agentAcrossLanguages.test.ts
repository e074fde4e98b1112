import { describe, expect, it } from 'vitest';
import { ChatModelSetup } from '../../../src/chat/chatModelSetup.js';
import { ScriptedConnection } from '../../../src/chat/scriptedConnection.js';
import { PythonFunction } from '../../../src/functions/functionDescriptor.js';
import type { PyJson } from '../../../src/json/pyJson.js';
import { Agent } from '../../../src/plan/agent.js';
import { buildPlan } from '../../../src/plan/buildPlan.js';
import { ClassRegistry } from '../../../src/plan/classRegistry.js';
import { defaultRegistry } from '../../../src/plan/defaultRegistry.js';
import { diffPlans } from '../../../src/plan/diff/diffPlans.js';
import { readPlan } from '../../../src/plan/readPlan.js';
import { writePlan } from '../../../src/plan/writePlan.js';
import { ResourceDescriptor } from '../../../src/resources/resourceDescriptor.js';
import { ResourceType } from '../../../src/resources/resourceType.js';
import { ASK_CHAT_MODEL, REPLY_WITH_CHAT_RESPONSE } from '../../../src/runtime/chatAgentActions.js';
import { EVENT_TYPES } from '../../../src/runtime/events.js';
import { FunctionSubagentSetup } from '../../../src/setups/functionSubagentSetup.js';
import { HttpSubagentSetup } from '../../../src/setups/httpSubagentSetup.js';
import { FunctionTool } from '../../../src/tools/functionTool.js';
import { ToolMetadata } from '../../../src/tools/toolMetadata.js';
import { runPython } from '../../helpers/python.js';
import { obj } from '../../helpers/tree.js';

// One agent with every kind of thing a user declares, written once per language.
const PYTHON_AGENT = [
  'sys.path.insert(0, inputs[0])',
  'from agentparity_ref.chat import ChatModelSetup, ScriptedConnection, ScriptedTurn, SkillSummary',
  'from agentparity_ref.functions import PythonFunction',
  'from agentparity_ref.plan import Agent, build_plan, write_plan',
  'from agentparity_ref.resources import ResourceDescriptor, ResourceType',
  'from agentparity_ref.runtime import ASK_CHAT_MODEL, CHAT_RESPONSE_EVENT, INPUT_EVENT, REPLY_WITH_CHAT_RESPONSE',
  'from agentparity_ref.setups import FunctionSubagentSetup, HttpSubagentSetup',
  'from agentparity_ref.tools import FunctionTool, ToolMetadata',
  'agent = (',
  '    Agent("Triage")',
  '    .add_action("ask_chat_model", [INPUT_EVENT], ASK_CHAT_MODEL, {"chat_model": "assistant", "system_prompt": "Triage."})',
  '    .add_action("reply_with_chat_response", [CHAT_RESPONSE_EVENT], REPLY_WITH_CHAT_RESPONSE)',
  '    .add_resource("scripted", ResourceType.CHAT_MODEL_CONNECTION, ScriptedConnection([ScriptedTurn("", [{"id": "c1", "name": "lookup", "arguments": {"id": 7}}]), ScriptedTurn("done")]))',
  '    .add_resource("remote", ResourceType.CHAT_MODEL_CONNECTION, ResourceDescriptor("agentparity_ref.chat", "OpenAiConnection", {"base_url": "http://x/v1"}))',
  '    .add_resource("assistant", ResourceType.CHAT_MODEL, ChatModelSetup(connection="scripted", model="m", tools=["lookup"], subagents=["researcher"], skills=[SkillSummary("pdf", "Reads PDFs.")]))',
  '    .add_resource("lookup", ResourceType.TOOL, FunctionTool("lookup", PythonFunction("tickets", "lookup"), ToolMetadata("lookup", "Looks up.", {"type": "object"})))',
  '    .add_resource("researcher", ResourceType.AGENT, HttpSubagentSetup(endpoint="http://agent:8080", description="Finds facts.", input_schema=\'{"type": "object"}\', timeout_s=12.5))',
  '    .add_resource("writer", ResourceType.AGENT, FunctionSubagentSetup(run=PythonFunction("replies", "write"), description="Writes replies.", input_schema=\'{"type": "object"}\'))',
  ')',
  'print(json.dumps(write_plan(build_plan(agent))))',
].join('\n');

const typescriptAgent = () =>
  new Agent('Triage')
    .addAction('ask_chat_model', [EVENT_TYPES.input], ASK_CHAT_MODEL, new Map<string, PyJson>([['chat_model', 'assistant'], ['system_prompt', 'Triage.']]))
    .addAction('reply_with_chat_response', [EVENT_TYPES.chatResponse], REPLY_WITH_CHAT_RESPONSE)
    .addResource('scripted', ResourceType.CHAT_MODEL_CONNECTION, new ScriptedConnection([{ toolCalls: [{ id: 'c1', name: 'lookup', arguments: obj({ id: 7 }) }] }, { content: 'done' }]))
    .addResource('remote', ResourceType.CHAT_MODEL_CONNECTION, new ResourceDescriptor('agentparity/chat', 'OpenAiConnection', new Map([['base_url', 'http://x/v1']]), 'typescript'))
    .addResource(
      'assistant',
      ResourceType.CHAT_MODEL,
      new ChatModelSetup({ connection: 'scripted', model: 'm', tools: ['lookup'], subagents: ['researcher'], skills: [{ name: 'pdf', description: 'Reads PDFs.' }] }),
    )
    .addResource('lookup', ResourceType.TOOL, new FunctionTool('lookup', new PythonFunction('tickets', 'lookup'), new ToolMetadata('lookup', 'Looks up.', obj({ type: 'object' }))))
    .addResource(
      'researcher',
      ResourceType.AGENT,
      new HttpSubagentSetup({ endpoint: 'http://agent:8080', description: 'Finds facts.', inputSchema: '{"type": "object"}', timeoutMs: 12_500 }),
    )
    .addResource('writer', ResourceType.AGENT, new FunctionSubagentSetup({ run: new PythonFunction('replies', 'write'), description: 'Writes replies.', inputSchema: '{"type": "object"}' }));

describe('one agent declared in each language', () => {
  it('builds plans that mean the same, each naming its own runtime', async () => {
    const pythonText = runPython<string>(PYTHON_AGENT, [new URL('../../../python-ref', import.meta.url).pathname]);
    const asData = (text: string) => readPlan(text, { registry: new ClassRegistry(), language: null });
    const typescriptText = writePlan(await buildPlan(typescriptAgent()));
    expect(pythonText).toContain('"module": "agentparity_ref.runtime", "qualname": "ask_chat_model"');
    expect(typescriptText).toContain('"module": "agentparity/runtime", "qualname": "askChatModel"');
    expect(pythonText).toContain('"clazz": "FunctionSubagentSetup", "serialized": {"description": "Writes replies.", "input_schema": "{\\"type\\": \\"object\\"}", "func": {"func_type": "PythonFunction", "module": "replies", "qualname": "write"}}');
    expect(diffPlans(asData(typescriptText), asData(pythonText)).differences).toEqual([]);
    expect(readPlan(pythonText, { registry: defaultRegistry }).provider('agent', 'writer')?.language).toBe('python');
  });
});

describe('readPlan without options', () => {
  it('fails with a message that says what to pass, not a TypeError about undefined', () => {
    const call = readPlan as unknown as (text: string) => unknown;
    expect(() => call('{"actions": {}}')).toThrow('readPlan(source, {registry}) needs the classes the plan may name: pass {registry: defaultRegistry}');
  });
});
