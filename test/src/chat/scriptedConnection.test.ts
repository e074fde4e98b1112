import { describe, expect, it } from 'vitest';
import { ChatMessage } from '../../../src/chat/chatMessage.js';
import { ScriptedConnection } from '../../../src/chat/scriptedConnection.js';
import { readToolCall } from '../../../src/chat/toolCall.js';

describe('chat/scriptedConnection', () => {
  it('replays the turns in order and keeps what it was sent', async () => {
    const connection = new ScriptedConnection([
      { toolCalls: [{ id: 'c1', name: '_subagent_a', arguments: new Map([['prompt', 'x']]) }] },
      { content: 'all done' },
    ]);
    const first = await connection.chat('m', [new ChatMessage('user', 'hi')], ['tool-spec']);
    expect(first.toolCalls.map((c) => readToolCall(c))).toEqual([{ id: 'c1', name: '_subagent_a', arguments: new Map([['prompt', 'x']]), originalId: null }]);
    expect(await connection.chat('m', [], [])).toEqual(new ChatMessage('assistant', 'all done'));
    expect(connection.requests.map((r) => r.messages.length)).toEqual([1, 0]);
    expect(connection.requests[0]?.tools).toEqual(['tool-spec']);
  });

  it('refuses a request beyond the script', async () => {
    const connection = new ScriptedConnection([{ content: 'only' }]);
    await connection.chat('m', [], []);
    await expect(connection.chat('m', [], [])).rejects.toThrow('The scripted model has no turn 2 (1 scripted)');
  });
});
