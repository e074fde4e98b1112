import { describe, expect, it } from 'vitest';
import { utf8Problem } from '../../../src/json/readUtf8.js';
import { runPython } from '../../helpers/python.js';

describe('json/readUtf8', () => {
  it("refuses what Python's UTF-8 decoder refuses, with its words and position", () => {
    const inputs = [
      [0x61, 0x62],
      [0x61, 0xff, 0x62],
      [0xc3, 0xa9, 0x80],
      [0x61, 0xc3],
      [0x61, 0xe2, 0x82],
      [0xe2, 0x28, 0xa1],
      [0xe0, 0x80, 0x80],
      [0xed, 0xa0, 0x80],
      [0xf0, 0x8f, 0xbf, 0xbf],
      [0xf4, 0x90, 0x80, 0x80],
      [0xf0, 0x9f, 0x98, 0x80, 0xc0, 0xaf],
    ];
    const python = runPython<(string | null)[]>(
      `out = []
for data in inputs:
    try:
        bytes(data).decode("utf-8"); out.append(None)
    except UnicodeDecodeError as e:
        out.append(str(e))
print(json.dumps(out))`,
      inputs,
    );
    expect(inputs.map((bytes) => utf8Problem(Uint8Array.from(bytes))?.message ?? null)).toEqual(python);
    expect(python.filter((text) => text !== null)).toHaveLength(10);
  });
});
