import { parseCommandString } from 'execa';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitCommand } from '../../../conformance/clients/splitCommand.js';

describe('clients/splitCommand', () => {
  it('splits a command line into the words execa splits it into', () => {
    const line = fc.array(fc.constantFrom(' ', '  ', '\\', 'a', 'b', '-', '\t', '"', "'", 'é'), { maxLength: 24 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(line, (text) => {
        expect(splitCommand(text)).toEqual(parseCommandString(text));
      }),
      { numRuns: 5000 },
    );
  });

  it('keeps a backslash-escaped space inside a word', () => {
    expect(splitCommand('  node my\\ participant.js  --flag ')).toEqual(['node', 'my participant.js', '--flag']);
    expect(splitCommand('   ')).toEqual([]);
  });
});
