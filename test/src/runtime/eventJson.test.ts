import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ChatMessage } from '../../../src/chat/chatMessage.js';
import { readToolCall } from '../../../src/chat/toolCall.js';
import { parsePyJson } from '../../../src/json/parsePyJson.js';
import type { PyJson } from '../../../src/json/pyJson.js';
import { writePyJson } from '../../../src/json/writePyJson.js';
import { eventFromJson, eventToJson } from '../../../src/runtime/eventJson.js';
import { ChatRequestEvent, ChatResponseEvent, GenericEvent, InputEvent, ToolRequestEvent, ToolResponseEvent } from '../../../src/runtime/events.js';

const SNAPSHOTS = join(import.meta.dirname, '..', '..', 'fixtures', 'upstream-events');
const read = (side: string, file: string) => parsePyJson(readFileSync(join(SNAPSHOTS, side, file), 'utf8'));
const files = (side: string) => readdirSync(join(SNAPSHOTS, side)).filter((f) => f.endsWith('.json'));

describe('runtime/eventJson', () => {
  it.each(files('python'))('writes the Python snapshot %s back unchanged', (file) => {
    const tree = read('python', file);
    expect(writePyJson(eventToJson(eventFromJson(tree)))).toBe(writePyJson(tree));
  });

  it.each(files('java'))('reads the Java snapshot %s into the same event as Python', (file) => {
    const java = eventFromJson(read('java', file));
    expect(java.id).toBe('00000000-0000-0000-0000-000000000001');
    if (!files('python').includes(file)) return;
    const python = eventFromJson(read('python', file));
    expect(java.type).toBe(python.type);
    if (file === 'tool_response_event.json' || file === 'chat_request_event.json') return;
    expect(writePyJson(eventToJson(java))).toBe(writePyJson(eventToJson(python)));
  });

  it('reads the Java tool response objects as their content', () => {
    const event = eventFromJson(read('java', 'tool_response_event.json'));
    expect(event).toBeInstanceOf(ToolResponseEvent);
    const response = event as ToolResponseEvent;
    expect(response.requestId).toBe('00000000-0000-0000-0000-000000000002');
    expect([...response.responses]).toEqual([['call_aaaa', 'pong']]);
    expect([...response.success]).toEqual([['call_aaaa', true]]);
    expect(response.error.size).toBe(0);
  });

  it('gives a Java chat request the Python defaults it does not write', () => {
    const event = eventFromJson(read('java', 'chat_request_event.json')) as ChatRequestEvent;
    expect(event).toBeInstanceOf(ChatRequestEvent);
    expect(writePyJson(eventToJson(event))).toBe(writePyJson(eventToJson(eventFromJson(read('python', 'chat_request_event.json')))));
  });

  it('reads typed fields', () => {
    const chat = eventFromJson(read('python', 'chat_response_event.json')) as ChatResponseEvent;
    expect(chat.response.role).toBe('assistant');
    expect(chat.response.content).toBe('hi there');
    const request = eventFromJson(read('java', 'tool_request_event.json')) as ToolRequestEvent;
    expect(readToolCall(request.toolCalls[0] ?? null)).toEqual({ id: 'call_aaaa', name: 'echo', arguments: new Map([['value', 'ping']]), originalId: null });
    expect(eventFromJson(read('python', 'input_event.json'))).toEqual(new InputEvent('hello', '00000000-0000-0000-0000-000000000001'));
    expect(eventFromJson(read('python', 'python_only_subclass_event.json'))).toBeInstanceOf(GenericEvent);
  });

  it('writes a new tool response in the upstream key order', () => {
    const event = new ToolResponseEvent(
      {
        requestId: 'r',
        responses: new Map([['b', 'x'], ['a', 'y']]),
        success: new Map([['b', true], ['a', false]]),
        error: new Map([['a', 'boom']]),
        externalIds: new Map([['b', null], ['a', 'ext']]),
      },
      'e',
    );
    expect(writePyJson(eventToJson(event), { separators: 'compact' })).toBe(
      '{"id":"e","type":"_tool_response_event","attributes":{"request_id":"r","responses":{"b":"x","a":"y"},"success":{"b":true,"a":false},"error":{"a":"boom"},"external_ids":{"b":null,"a":"ext"}}}',
    );
    expect(eventFromJson(eventToJson(event))).toEqual(event);
  });

  it('names the path of a malformed event', () => {
    expect(() => eventFromJson(new Map<string, PyJson>([['id', 'x'], ['type', '_chat_response_event'], ['attributes', new Map([['request_id', 3]])]]))).toThrow(
      'event.attributes.request_id must be a string',
    );
    expect(() => ChatMessage.fromJson(new Map([['role', 'robot']]))).toThrow('message.role must be one of');
  });
});
