import { describe, expect, it } from 'vitest';
import { PyFloat } from '../../../src/json/pyJson.js';
import { ToolResponse, toToolResponse } from '../../../src/tools/toolResponse.js';
import { obj } from '../../helpers/tree.js';

describe('tools/toolResponse', () => {
  it('passes a response through and keeps a string', () => {
    const response = ToolResponse.error('failed', 'why');
    expect(toToolResponse(response)).toBe(response);
    expect(toToolResponse('plain').result).toBe('plain');
  });

  it('writes other values as json.dumps does, with non-ASCII kept', () => {
    expect(toToolResponse(obj({ city: 'Zürich', ids: [1, new PyFloat(2)] })).result).toBe('{"city": "Zürich", "ids": [1, 2.0]}');
    expect(toToolResponse(false).result).toBe('false');
    expect(toToolResponse(null).result).toBe('null');
  });

  it('falls back to the string form when JSON cannot express the value', () => {
    expect(toToolResponse(Number.NaN).result).toBe('nan');
    expect(toToolResponse(-Infinity).result).toBe('-inf');
    expect(toToolResponse(Symbol('s')).result).toBe('Symbol(s)');
  });

  it('round-trips through its recorded form and refuses a malformed one', () => {
    const response = ToolResponse.error('Tool `x` execute failed: boom', 'boom');
    expect(ToolResponse.fromJson(response.toJson())).toEqual(response);
    expect(() => ToolResponse.fromJson(obj({ result: 1 }))).toThrow('a recorded tool response needs');
  });
});
