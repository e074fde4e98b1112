import { describe, expect, it } from 'vitest';
import { failureReason, subagentFailure, withReason } from '../../../src/actions/failureText.js';
import { pyTypeName } from '../../../src/python/pyTypeName.js';
import { NotFoundError } from '../../../src/errors.js';
import { PyFloat } from '../../../src/json/pyJson.js';

describe('actions/failureText', () => {
  it('adds the reason, or a period when there is none', () => {
    expect(withReason('Sub-agent `_subagent_a` execute failed', 'boom')).toBe('Sub-agent `_subagent_a` execute failed: boom');
    expect(subagentFailure('_subagent_a', null)).toBe('Sub-agent `_subagent_a` execute failed.');
    expect(subagentFailure('_subagent_a', '')).toBe('Sub-agent `_subagent_a` execute failed.');
    expect(subagentFailure('_subagent_a', '   ')).toBe('Sub-agent `_subagent_a` execute failed:    ');
  });

  // Each expected text is Python's str(KeyError(message)).
  it.each([
    ['session', "'session'"],
    ["Resource not found: 'x' of type ResourceType.AGENT", `"Resource not found: 'x' of type ResourceType.AGENT"`],
    [`both ' and "`, `'both \\' and "'`],
    ['tab\there\nline', "'tab\\there\\nline'"],
    ['back\\slash', "'back\\\\slash'"],
  ])('quotes a KeyError reason %j as Python does', (message, expected) => {
    expect(failureReason(new NotFoundError(message, { code: 'RESOURCE_NOT_FOUND' }))).toBe(expected);
  });

  it('gives the message of any other error, and the string of a thrown non-error', () => {
    expect(failureReason(new RangeError('Maximum call stack size exceeded'))).toBe('Maximum call stack size exceeded');
    expect(failureReason('plain')).toBe('plain');
  });

  it('names types as Python does', () => {
    expect([null, 'a', true, 1, 1.5, new PyFloat(1), 2n, [], new Map(), {}].map(pyTypeName)).toEqual([
      'NoneType', 'str', 'bool', 'int', 'float', 'float', 'int', 'list', 'dict', 'dict',
    ]);
    class FunctionTool {}
    expect(pyTypeName(new FunctionTool())).toBe('FunctionTool');
  });
});
