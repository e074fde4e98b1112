import { describe, expect, it } from 'vitest';
import { validationErrorText } from '../../../../src/types/validate/errorText.js';

const URL = 'https://errors.pydantic.dev/2.13/v';

describe('types/validate/errorText', () => {
  it('prints the count, each location, message, input and link as pydantic does', () => {
    const text = validationErrorText('Verdict', [
      { type: 'missing', msg: 'Field required', loc: ['score'], input: new Map() },
      { type: 'int_parsing', msg: 'Input should be a valid integer, unable to parse string as an integer', loc: ['items', 1], input: 'y' },
    ]);
    expect(text).toBe(
      [
        '2 validation errors for Verdict',
        'score',
        `  Field required [type=missing, input_value={}, input_type=dict]`,
        `    For further information visit ${URL}/missing`,
        'items.1',
        `  Input should be a valid integer, unable to parse string as an integer [type=int_parsing, input_value='y', input_type=str]`,
        `    For further information visit ${URL}/int_parsing`,
      ].join('\n'),
    );
  });

  it('leaves out the location line of an error at the top', () => {
    expect(validationErrorText('T', [{ type: 'model_type', msg: 'Input should be a valid dictionary or instance of T', loc: [], input: 5 }])).toBe(
      `1 validation error for T\n  Input should be a valid dictionary or instance of T [type=model_type, input_value=5, input_type=int]\n    For further information visit ${URL}/model_type`,
    );
  });

  // pydantic-core keeps a repr up to 50 bytes of UTF-8; past that, its first 25 and last 24 bytes
  // around `...`, each cut back to whole characters.
  it.each<[string, string]>([
    ['a'.repeat(48), `'${'a'.repeat(48)}'`],
    ['a'.repeat(49), `'${'a'.repeat(24)}...${'a'.repeat(23)}'`],
    ['é'.repeat(60), `'${'é'.repeat(12)}...${'é'.repeat(11)}'`],
    [`a${'é'.repeat(60)}`, `'a${'é'.repeat(11)}...${'é'.repeat(11)}'`],
    ['😀'.repeat(60), `'${'😀'.repeat(6)}...${'😀'.repeat(5)}'`],
  ])('shortens the input %#', (input, shown) => {
    const text = validationErrorText('T', [{ type: 'int_parsing', msg: 'm', loc: [], input }]);
    expect(text.split('\n')[1]).toBe(`  m [type=int_parsing, input_value=${shown}, input_type=str]`);
  });
});
