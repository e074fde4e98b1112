// A runnable agent: a scripted model delegates to two sub-agents (one external over HTTP, one in
// this process) and calls a tool in one turn, then answers from their results. The agent is
// declared once: `buildPlan(agent)` would compile the same declaration into plan JSON. Run it with
//   npx tsx examples/delegation.ts
import { ChatModelSetup } from '../src/chat/chatModelSetup.js';
import { ScriptedConnection } from '../src/chat/scriptedConnection.js';
import { readToolCall } from '../src/chat/toolCall.js';
import { TypeScriptFunction } from '../src/functions/functionDescriptor.js';
import type { PyJson } from '../src/json/pyJson.js';
import { writePyJson } from '../src/json/writePyJson.js';
import { Agent } from '../src/plan/agent.js';
import { ResourceType } from '../src/resources/resourceType.js';
import { ASK_CHAT_MODEL, REPLY_WITH_CHAT_RESPONSE } from '../src/runtime/chatAgentActions.js';
import { EVENT_TYPES } from '../src/runtime/events.js';
import { LocalRunner } from '../src/runner/localRunner.js';
import { MemoryStore } from '../src/runtime/memoryStore.js';
import { FunctionSubagentSetup, type SubagentFunction } from '../src/setups/functionSubagentSetup.js';
import { startSubagentServer } from '../src/setups/httpSubagentServer.js';
import { HttpSubagentSetup } from '../src/setups/httpSubagentSetup.js';
import { FunctionTool, type ToolFunction } from '../src/tools/functionTool.js';

const text = (value: PyJson) => (typeof value === 'string' ? value : writePyJson(value, { ensureAscii: false }));
const field = (prompt: PyJson, key: string) => (prompt as Map<string, PyJson>).get(key) as string;

// The external researcher: a small HTTP service on 127.0.0.1.
const researcherService = await startSubagentServer((prompt) => new Map<string, PyJson>([['facts', [`${field(prompt, 'question')} -> disk 97% full`, 'no alert fired']]]));

const model = new ScriptedConnection([
  {
    toolCalls: [
      { id: 'call-1', name: '_subagent_researcher', arguments: new Map([['question', 'Why does ticket T-1 fail?']]) },
      { id: 'call-2', name: '_subagent_writer', arguments: new Map([['tone', 'calm']]) },
      { id: 'call-3', name: 'lookup_ticket', arguments: new Map([['id', 'T-1']]) },
    ],
  },
  { content: 'T-1 is open because the disk is 97% full; no alert fired. Reply sent in a calm tone.' },
]);

const lookupTicket: ToolFunction = (args) => new Map<string, PyJson>([['id', args.get('id') ?? null], ['status', 'open']]);
const writeReply: SubagentFunction = (prompt) => `Dear customer, we found the cause and are fixing it (${field(prompt, 'tone')}).`;

const agent = new Agent('triage')
  .addResource('scripted', ResourceType.CHAT_MODEL_CONNECTION, model)
  .addResource(
    'researcher',
    ResourceType.AGENT,
    new HttpSubagentSetup({
      endpoint: researcherService.url,
      description: 'Finds the facts behind a question.',
      inputSchema: '{"type": "object", "properties": {"question": {"type": "string"}}, "required": ["question"]}',
    }),
  )
  .addResource(
    'writer',
    ResourceType.AGENT,
    new FunctionSubagentSetup({
      description: 'Writes the reply to the customer.',
      inputSchema: '{"type": "object", "properties": {"tone": {"type": "string"}}}',
      // Named by a descriptor, as the tool below is, so that `buildPlan(agent)` can name it too.
      run: new TypeScriptFunction('./delegation.js', 'writeReply', writeReply),
    }),
  )
  .addResource(
    'lookup_ticket',
    ResourceType.TOOL,
    FunctionTool.fromCallable(new TypeScriptFunction('./delegation.js', 'lookupTicket', lookupTicket), {
      name: 'lookup_ticket',
      description: 'Looks a ticket up.',
      argsSchema: new Map([['type', 'object']]),
    }),
  )
  .addResource('assistant', ResourceType.CHAT_MODEL, new ChatModelSetup({ connection: 'scripted', model: 'assistant', tools: ['lookup_ticket'], subagents: ['researcher', 'writer'] }))
  .addAction('ask_chat_model', [EVENT_TYPES.input], ASK_CHAT_MODEL, new Map([['chat_model', 'assistant'], ['system_prompt', 'You triage support tickets.']]))
  .addAction('reply_with_chat_response', [EVENT_TYPES.chatResponse], REPLY_WITH_CHAT_RESPONSE);

const runner = new LocalRunner(agent, { store: new MemoryStore(), toolCallMode: 'batched' });
const [run] = await runner.run(['Triage ticket T-1']);
await researcherService.close();

const last = model.requests.at(-1);
const callableName = (spec: PyJson) => ((spec as Map<string, PyJson>).get('function') as Map<string, PyJson>).get('name') as string;
console.log(`callables offered: ${(last?.tools ?? []).map(callableName).join(', ')}\n`);
for (const message of last?.messages ?? []) {
  if (message.toolCalls.length > 0) {
    for (const call of message.toolCalls.map((c) => readToolCall(c))) console.log(`assistant -> ${call.name}(${text(call.arguments)})`);
  } else {
    console.log(`${message.role}${message.role === 'tool' ? ` [${String(message.extraArgs.get('tool_call_id'))}]` : ''}: ${message.content}`);
  }
}
console.log(`assistant: ${String(run?.outputs[0])}`);
if (run?.error !== undefined) throw run.error;
