import { describe, expect, it } from 'vitest';
import { pathKeys, yamlLocation } from '../../../../src/plan/yaml/yamlLocation.js';

const text = `agents:
  - name: a
    tools:
      - {name: t, function: "m:f"}
    "odd key": 1
`;

describe('plan/yaml/yamlLocation', () => {
  it('reads the keys of a declaration path', () => {
    expect(pathKeys('$.agents[0].tools[1].name')).toEqual(['agents', 0, 'tools', 1, 'name']);
    expect(pathKeys('$.agents[0]["odd key"]')).toEqual(['agents', 0, 'odd key']);
    expect(pathKeys('$')).toEqual([]);
    expect(pathKeys('/actions/a')).toBeUndefined();
  });

  it('finds the node a path names, or the deepest one it reaches', () => {
    expect(yamlLocation(text, '$.agents[0].tools[0].function')).toEqual({ line: 4, column: 29 });
    expect(yamlLocation(text, '$.agents[0]["odd key"]')).toEqual({ line: 5, column: 16 });
    expect(yamlLocation(text, '$.agents[0].tools[0].type')).toEqual({ line: 4, column: 9 });
    expect(yamlLocation(text, '$')).toEqual({ line: 1, column: 1 });
  });
});
