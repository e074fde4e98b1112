// A child run for the crash-and-replay test: an agent whose model delegates to an HTTP sub-agent.
// Usage: crashReplayChild.ts STORE ENDPOINT [--crash | --crash-unrecorded] [--repeat]. With
// --crash, the process prints RECORDED and hangs as soon as the sub-agent's result is recorded;
// with --crash-unrecorded it prints ANSWERED and hangs once the endpoint has answered but before
// the result is recorded (the window an idempotency key covers); the parent kills it there.
// --repeat gives the setup the `repeat` policy instead of `fail-closed`.
import { ChatMessage } from '../../src/chat/chatMessage.js';
import type { ChatModelConnection } from '../../src/chat/chatModelConnection.js';
import { ChatModelSetup } from '../../src/chat/chatModelSetup.js';
import { toolCall } from '../../src/chat/toolCall.js';
import type { PyJson } from '../../src/json/pyJson.js';
import { Agent } from '../../src/plan/agent.js';
import { ResourceType } from '../../src/resources/resourceType.js';
import { ASK_CHAT_MODEL, REPLY_WITH_CHAT_RESPONSE } from '../../src/runtime/chatAgentActions.js';
import type { DurableRecord } from '../../src/runtime/durableStore.js';
import { EVENT_TYPES } from '../../src/runtime/events.js';
import { LocalRunner } from '../../src/runner/localRunner.js';
import { SqliteStore } from '../../src/runtime/sqliteStore.js';
import { HttpSubagentSetup } from '../../src/setups/httpSubagentSetup.js';

// Answers from the conversation, not from a turn counter, as a real model would: so a replayed
// run that skips recorded turns still gets the answer the conversation calls for.
const conversationModel: ChatModelConnection = {
  async chat(_model, messages) {
    const last = messages.at(-1) as ChatMessage;
    if (last.role === 'user') return new ChatMessage('assistant', '', [toolCall('c1', '_subagent_researcher', new Map<string, PyJson>([['question', last.content]]))]);
    return new ChatMessage('assistant', `Research says: ${last.content}`);
  },
};

// Blocks the whole process (timers and I/O included) until the parent kills it.
const hang = (line: string): void => {
  process.stdout.write(`${line}\n`);
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
};

class CrashAfterRecord extends SqliteStore {
  override put(key: string, record: DurableRecord): void {
    super.put(key, record);
    if (record.name === 'http_subagent') hang('RECORDED');
  }
}

class CrashBeforeRecord extends SqliteStore {
  override put(key: string, record: DurableRecord): void {
    if (record.name === 'http_subagent') hang('ANSWERED');
    super.put(key, record);
  }
}

const [storePath = '', endpoint = ''] = process.argv.slice(2);
const flag = (name: string): boolean => process.argv.includes(name);
const store = flag('--crash') ? new CrashAfterRecord(storePath) : flag('--crash-unrecorded') ? new CrashBeforeRecord(storePath) : new SqliteStore(storePath);
const unknownOutcome = flag('--repeat') ? 'repeat' : 'fail-closed';
const agent = new Agent()
  .addResource('model', ResourceType.CHAT_MODEL_CONNECTION, conversationModel)
  .addResource('researcher', ResourceType.AGENT, new HttpSubagentSetup({ endpoint, inputSchema: '{"type": "object"}', unknownOutcome }))
  .addResource('assistant', ResourceType.CHAT_MODEL, new ChatModelSetup({ connection: 'model', model: 'assistant', subagents: ['researcher'] }))
  .addAction('ask_chat_model', [EVENT_TYPES.input], ASK_CHAT_MODEL, new Map([['chat_model', 'assistant']]))
  .addAction('reply_with_chat_response', [EVENT_TYPES.chatResponse], REPLY_WITH_CHAT_RESPONSE);
const [run] = await new LocalRunner(agent, { store }).run(['Why is the disk full?'], ['ticket-7']);
process.stdout.write(`${JSON.stringify({ outputs: run?.outputs, error: run?.error === undefined ? null : String(run.error) })}\n`);
