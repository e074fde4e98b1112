import { describe, expect, it } from 'vitest';
import * as api from '../../src/index.js';

describe('index (the package barrel)', () => {
  it('exports the declaration and sub-agent API by name', () => {
    for (const name of [
      'readDeclaration', 'loadDeclaration', 'DeclarationFileError', 't', 'd', 'field', 'defineModel', 'defineEnum', 'computed', 'declaration',
      'CALLABLE_NAME_PREFIX', 'SubagentSetup', 'SubagentResult', 'SubagentFailure', 'SubagentFuture', 'SubagentFutures', 'DECLARATION_FORMAT',
    ]) {
      expect(api, name).toHaveProperty(name);
    }
    expect(api.CALLABLE_NAME_PREFIX).toBe('_subagent_');
  });
});
