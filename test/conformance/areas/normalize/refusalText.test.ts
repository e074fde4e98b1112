import { describe, expect, it } from 'vitest';
import { maskRefusalText } from '../../../../conformance/areas/normalize/refusalText.js';

const line = (value: string, type: string): string =>
  `v\n  Input should be a valid integer [type=int_type, input_value=${value}, input_type=${type}]\n    For further information visit https://errors.pydantic.dev/2.13/v/int_type`;

describe('normalize/refusalText', () => {
  it('shows a whole float as an int, in a value and as its type', () => {
    expect(maskRefusalText(line("{'a': 1.0, 'b': 1e+16, 'c': 0.5}", 'dict'))).toBe(maskRefusalText(line("{'a': 1, 'b': 10000000000000000, 'c': 0.5}", 'dict')));
    expect(maskRefusalText(line('2.0', 'float'))).toBe(line('2', 'int'));
  });

  it('leaves a fraction, a number inside a string and the message alone', () => {
    expect(maskRefusalText(line("[0.5, '1.0']", 'list'))).toBe(line("[0.5, '1.0']", 'list'));
    const message = '  Input should be greater than 1.0 [type=greater_than, input_value=0, input_type=int]';
    expect(maskRefusalText(message)).toBe(message);
  });

  it('drops the module and address of an object, and the part of a shortened input', () => {
    expect(maskRefusalText(line('<agentparity.values.Handle object at 0x7f3a2b>', 'Handle'))).toBe(maskRefusalText(line('<Handle object>', 'Handle')));
    expect(maskRefusalText(line('<agentparity.values.Handl...bject at 0x7f04975da990>', 'Handle'))).toBe(line('…', 'Handle'));
    expect(maskRefusalText(line("'aaaaaaaaaaaaaaaaaaaaaaaa...aaaaaaaaaaaaaaaaaaaaaaa'", 'str'))).toBe(line('…', 'str'));
  });

  it('hides an input shown whole that Python shortens, its whole floats being longer', () => {
    const python = "{'ünï0': 90071992547409... 'f2': '', 'stray': 0.0}";
    const ts = "{'ünï0': 9007199254740991, 'f2': '', 'stray': 0}";
    expect(maskRefusalText(line(ts, 'dict'))).toBe(maskRefusalText(line(python, 'dict')));
    // Far from the limit, or without numbers, an input stays as it is.
    expect(maskRefusalText(line("{'a': 1, 'b': [2, 3]}", 'dict'))).toBe(line("{'a': 1, 'b': [2, 3]}", 'dict'));
    const text = `'${'x'.repeat(48)}'`;
    expect(maskRefusalText(line(text, 'str'))).toBe(line(text, 'str'));
  });
});
