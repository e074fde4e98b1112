import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { parsePyJson } from '../../../src/json/parsePyJson.js';
import type { PyJson } from '../../../src/json/pyJson.js';
import { writePyJson } from '../../../src/json/writePyJson.js';
import { eventFromJson, eventToJson } from '../../../src/runtime/eventJson.js';
import { ToolResponseEvent } from '../../../src/runtime/events.js';

// Events the Python reference writes, read here and written back: the same text, key order and
// number kinds included.
const PYTHON = `
import json, sys
sys.path.insert(0, "python-ref")
from agentparity_ref.chat.chat_message import ChatMessage
from agentparity_ref.chat.tool_call import tool_call
from agentparity_ref.runtime.event_json import event_to_json
from agentparity_ref.runtime.events import *
events = [
    InputEvent({"text": "héllo", "n": 1.0}, id="e1"),
    ChatRequestEvent("m", [ChatMessage("user", "hi"), ChatMessage("assistant", "", [tool_call("c1", "_subagent_a", {"k": [1, 2.5]}, "ext")])], id="e2"),
    ChatResponseEvent("e2", ChatMessage("assistant", "done"), id="e3"),
    ToolRequestEvent("m", [tool_call("c2", "lookup", {})], id="e4"),
    ToolResponseEvent("e4", {"c2": "x", "c1": "y"}, {"c2": True, "c1": False}, {"c1": "boom"}, {"c1": "ext", "c2": None}, id="e5"),
    OutputEvent(None, id="e6"),
]
print(json.dumps([event_to_json(e) for e in events]))
`;

describe('runtime/eventJson across languages', () => {
  it('reads what the Python reference writes and writes it back unchanged', async () => {
    const { stdout } = await execa('python3', ['-c', PYTHON], { cwd: join(import.meta.dirname, '..', '..', '..') });
    const trees = parsePyJson(stdout) as PyJson[];
    const events = trees.map((tree) => eventFromJson(tree));
    expect(writePyJson(events.map(eventToJson))).toBe(stdout.trim());
    const response = events[4] as ToolResponseEvent;
    expect(response).toBeInstanceOf(ToolResponseEvent);
    expect([...response.responses.keys()]).toEqual(['c2', 'c1']);
  });
});
