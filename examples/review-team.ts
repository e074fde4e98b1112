// A review team: a scripted model on a ReAct parent delegates, in one turn, to a reviewer (an
// internal ReAct sub-agent with a tool of its own, run in its own scope) and to an external
// security checker over HTTP (a small service this example starts on 127.0.0.1), then answers
// from both. It prints the conversation of each scope. Run it with
//   npx tsx examples/review-team.ts
import { ChatModelSetup } from '../src/chat/chatModelSetup.js';
import { ScriptedConnection } from '../src/chat/scriptedConnection.js';
import { readToolCall } from '../src/chat/toolCall.js';
import { TypeScriptFunction } from '../src/functions/functionDescriptor.js';
import type { PyJson } from '../src/json/pyJson.js';
import { writePyJson } from '../src/json/writePyJson.js';
import { ReActAgent } from '../src/plan/reactAgent.js';
import { ResourceType } from '../src/resources/resourceType.js';
import { MemoryStore } from '../src/runtime/memoryStore.js';
import { LocalRunner } from '../src/runner/localRunner.js';
import { startSubagentServer } from '../src/setups/httpSubagentServer.js';
import { HttpSubagentSetup } from '../src/setups/httpSubagentSetup.js';
import { FunctionTool, type ToolFunction } from '../src/tools/functionTool.js';

const DIFF = '+ const total = items.reduce(add, 0);\n+ test("sums", ...);';

// The external security checker: a small HTTP service on 127.0.0.1.
const securityService = await startSubagentServer((prompt) => {
  const diff = (prompt as Map<string, PyJson>).get('diff') as string;
  return new Map<string, PyJson>([['risk', diff.includes('eval(') ? 'high' : 'low'], ['checked_lines', diff.split('\n').length]]);
});

// The reviewer's own tool, which only the reviewer's model is offered.
const countLines: ToolFunction = (args) => new Map<string, PyJson>([['added', String(args.get('diff')).split('\n').filter((l) => l.startsWith('+')).length]]);

const reviewerModel = new ScriptedConnection([
  { toolCalls: [{ id: 'r-1', name: 'count_lines', arguments: new Map([['diff', DIFF]]) }] },
  { content: 'LGTM: 2 lines added, and the change comes with a test.' },
]);
const reviewer = new ReActAgent({
  chatModel: new ChatModelSetup({ connection: 'reviewer_model', model: 'reviewer', tools: ['count_lines'] }),
  subagentDescription: 'Reviews a diff for correctness and tests.',
  name: 'reviewer',
})
  .addResource('reviewer_model', ResourceType.CHAT_MODEL_CONNECTION, reviewerModel)
  .addResource(
    'count_lines',
    ResourceType.TOOL,
    FunctionTool.fromCallable(new TypeScriptFunction('./review-team.js', 'countLines', countLines), {
      name: 'count_lines',
      description: 'Counts the lines a diff adds.',
      argsSchema: new Map<string, PyJson>([['type', 'object']]),
    }),
  );

const leadModel = new ScriptedConnection([
  {
    toolCalls: [
      { id: 'call-1', name: '_subagent_reviewer', arguments: new Map([['input', `Review this diff:\n${DIFF}`]]) },
      { id: 'call-2', name: '_subagent_security', arguments: new Map([['diff', DIFF]]) },
    ],
  },
  { content: 'Approved: the reviewer is happy and the security check found low risk.' },
]);
const lead = new ReActAgent({ chatModel: new ChatModelSetup({ connection: 'lead_model', model: 'lead', subagents: ['reviewer', 'security'] }), name: 'lead' })
  .addResource('lead_model', ResourceType.CHAT_MODEL_CONNECTION, leadModel)
  .addResource('reviewer', ResourceType.AGENT, reviewer)
  .addResource(
    'security',
    ResourceType.AGENT,
    new HttpSubagentSetup({
      endpoint: securityService.url,
      description: 'Checks a diff for security risks.',
      inputSchema: '{"type": "object", "properties": {"diff": {"type": "string"}}, "required": ["diff"]}',
    }),
  );

const [run] = await new LocalRunner(lead, { store: new MemoryStore() }).run(['Should we merge PR 7?']);
await securityService.close();

const text = (value: PyJson) => (typeof value === 'string' ? value : writePyJson(value, { ensureAscii: false }));
const callableName = (spec: PyJson) => ((spec as Map<string, PyJson>).get('function') as Map<string, PyJson>).get('name') as string;
const printConversation = (scope: string, model: ScriptedConnection, answer: PyJson) => {
  const last = model.requests.at(-1)!;
  console.log(`== ${scope} (offered: ${last.tools.map(callableName).join(', ')}) ==`);
  for (const message of last.messages) {
    if (message.toolCalls.length > 0) {
      for (const call of message.toolCalls.map((c) => readToolCall(c))) console.log(`assistant -> ${call.name}(${text(call.arguments)})`);
    } else {
      console.log(`${message.role}${message.role === 'tool' ? ` [${String(message.extraArgs.get('tool_call_id'))}]` : ''}: ${message.content}`);
    }
  }
  console.log(`assistant: ${text(answer)}\n`);
};
printConversation('lead', leadModel, run?.outputs[0] ?? null);
printConversation('reviewer', reviewerModel, run?.calls.find((c) => c.scope === 'reviewer')?.outputs[0] ?? null);
if (run?.error !== undefined) throw run.error;
