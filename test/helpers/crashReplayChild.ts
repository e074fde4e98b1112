// A child run for the crash-and-replay test: an agent whose model delegates to an HTTP sub-agent.
// Usage: crashReplayChild.ts STORE ENDPOINT [--crash]. With --crash, the process prints RECORDED
// and hangs as soon as the sub-agent's result is recorded, for the parent to kill it there.
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

class CrashAfterRecord extends SqliteStore {
  override put(key: string, record: DurableRecord): void {
    super.put(key, record);
    if (record.name === 'http_subagent') {
      process.stdout.write('RECORDED\n');
      // Blocks the whole process (timers and I/O included) until the parent kills it.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
    }
  }
}

const [storePath = '', endpoint = ''] = process.argv.slice(2);
const store = process.argv.includes('--crash') ? new CrashAfterRecord(storePath) : new SqliteStore(storePath);
const agent = new Agent()
  .addResource('model', ResourceType.CHAT_MODEL_CONNECTION, conversationModel)
  .addResource('researcher', ResourceType.AGENT, new HttpSubagentSetup({ endpoint, inputSchema: '{"type": "object"}' }))
  .addResource('assistant', ResourceType.CHAT_MODEL, new ChatModelSetup({ connection: 'model', model: 'assistant', subagents: ['researcher'] }))
  .addAction('ask_chat_model', [EVENT_TYPES.input], ASK_CHAT_MODEL, new Map([['chat_model', 'assistant']]))
  .addAction('reply_with_chat_response', [EVENT_TYPES.chatResponse], REPLY_WITH_CHAT_RESPONSE);
const [run] = await new LocalRunner(agent, { store }).run(['Why is the disk full?'], ['ticket-7']);
process.stdout.write(`${JSON.stringify({ outputs: run?.outputs, error: run?.error === undefined ? null : String(run.error) })}\n`);
