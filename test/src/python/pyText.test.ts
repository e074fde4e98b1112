import { describe, expect, it } from 'vitest';
import { cleandoc, pyExpandTabs, pyStrip } from '../../../src/python/pyText.js';
import { runPython, seededRandom } from '../../helpers/python.js';

const DOCS = [
  'One line.',
  '\n    Summary.\n\n        Indented more.\n    Back.\n    ',
  '\tTabbed\n\t\tdeeper\n\t',
  'First line kept\n  second\n    third\n',
  '   \n\n  only indented\n\n',
  'x\r\n  y\r\n',
  'mixed\n \tspace tab\n\t space',
  '\u3000wide space\n\u3000\u3000second',
  '',
  '   ',
  '\n\n\n',
  'a\n\u0085b\n  c',
  'no trailing newline\n  body',
  'ünïcødé\n    ☕ cup\n  ok',
];

const randomDocs = (count: number): string[] => {
  const random = seededRandom(11);
  const pieces = [' ', '  ', '\t', '\n', '\n\n', 'word', 'ü', '\u3000', '\u00a0', '\r', '\u001c', '\u2028', '.'];
  return Array.from({ length: count }, () => Array.from({ length: Math.floor(random() * 14) }, () => pieces[Math.floor(random() * pieces.length)]).join(''));
};

describe('python/pyText', () => {
  it('strips with Python whitespace: U+0085 and U+001F are space, U+FEFF is not', () => {
    expect(pyStrip('\u0085\u001f x \u3000')).toBe('x');
    expect(pyStrip('\ufeffx')).toBe('\ufeffx');
  });

  it('expands tabs to the next multiple of 8, restarting the column after a newline', () => {
    expect(pyExpandTabs('a\tb\n\tc')).toBe('a       b\n        c');
  });

  it('agrees with inspect.cleandoc, str.strip and str.expandtabs on picked and random docstrings', () => {
    const inputs = [...DOCS, ...randomDocs(1500)];
    const python = runPython<[string, string, string][]>(
      'import inspect\nprint(json.dumps([[inspect.cleandoc(s), s.strip(), s.expandtabs()] for s in inputs]))',
      inputs,
    );
    const mismatches = inputs.filter((s, i) => {
      const [clean, stripped, expanded] = python[i]!;
      return cleandoc(s) !== clean || pyStrip(s) !== stripped || pyExpandTabs(s) !== expanded;
    });
    expect(mismatches).toEqual([]);
  });
});
