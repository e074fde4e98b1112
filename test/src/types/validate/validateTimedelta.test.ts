import { describe, expect, it } from 'vitest';
import { isAgentparityError } from '../../../../src/errors.js';
import { PyFloat } from '../../../../src/json/pyJson.js';
import { readDeclaration } from '../../../../src/types/readDeclaration.js';
import { IndistinctSecondsError, validateDeclaredTimedelta, validateTimedelta } from '../../../../src/types/validate/temporal/validateTimedelta.js';
import { validateValue } from '../../../../src/types/validateValue.js';

// Expectations measured with pydantic 2.13.4 / pydantic-core 2.46.4 (`TypeAdapter(timedelta)`).
const dumped = (input: unknown): unknown => {
  const outcome = validateTimedelta(input);
  return outcome.status === 'accepted' ? outcome.value : outcome.issues[0]!.msg;
};

const WRAP = 4_294_967_296n * 86_400n;

describe('validateTimedelta', () => {
  it('wraps the days of a bigint of seconds to 32 bits, as pydantic-core casts them', () => {
    // 2**63 - 1 seconds: 106,751,991,167,300 days, 579,025,220 once wrapped.
    expect(dumped(2n ** 63n - 1n)).toBe('P1586370Y170DT15H30M7S');
    expect(dumped(-(2n ** 63n))).toBe('-P1586370Y170DT15H30M8S');
    expect(dumped(2n ** 63n)).toBe('Input should be a valid timedelta, durations may not exceed 999,999,999 days');
  });

  it('saturates the days of a float, which is then past the limit', () => {
    expect(dumped(new PyFloat(Number(WRAP)))).toBe('Input should be a valid timedelta, durations may not exceed 999,999,999 days');
  });

  it('does not read a JavaScript number of seconds that an int and a float would read apart', () => {
    expect(() => validateTimedelta(Number(WRAP) + 5)).toThrow(IndistinctSecondsError);
    expect(() => validateTimedelta(-Number(WRAP))).toThrow(IndistinctSecondsError);
    // Past the limit either way: both refuse alike, so the number is read.
    expect(dumped(Number(WRAP) - 86_400)).toBe('Input should be a valid timedelta, durations may not exceed 999,999,999 days');
    expect(dumped(Number(WRAP + 5n * 86_400n) + 0.5)).toBe('Input should be a valid timedelta, durations may not exceed 999,999,999 days');
  });

  it('reads a whole number from a declaration as an int, wrapping its days past 2^32 as pydantic-core does', () => {
    const declared = (input: unknown): unknown => {
      const outcome = validateDeclaredTimedelta(input);
      return outcome.status === 'accepted' ? outcome.value : outcome.issues[0]!.msg;
    };
    // timedelta of int 371085174374405 (2**32 days and 5 seconds) is 5 seconds in pydantic 2.13.4.
    expect(declared(Number(WRAP) + 5)).toBe('PT5S');
    expect(declared(-Number(WRAP) - 86_400)).toBe('-P1D');
    expect(declared(new PyFloat(Number(WRAP)))).toBe('Input should be a valid timedelta, durations may not exceed 999,999,999 days');
    expect(declared(90)).toBe('PT1M30S');
    expect(declared(-1.5)).toBe('-PT1.5S');
  });

  it("raises Python's OverflowError past timedelta.min, through containers and before a later union member", () => {
    const declaration = readDeclaration(
      new Map<string, unknown>([
        ['format', 'pydantic-neutral-declaration/1'],
        [
          'models',
          [
            new Map<string, unknown>([
              ['name', 'T'],
              [
                'fields',
                [
                  new Map<string, unknown>([['name', 'a'], ['type', new Map([['type', 'int']])], ['required', true]]),
                  new Map<string, unknown>([
                    ['name', 'b'],
                    ['type', new Map<string, unknown>([['type', 'union'], ['members', [new Map([['type', 'timedelta']]), new Map([['type', 'str']])]]])],
                    ['required', true],
                  ]),
                ],
              ],
            ]),
          ],
        ],
      ]) as never,
    );
    let thrown: unknown;
    try {
      validateValue({ declaration, name: 'T' }, { a: 'x', b: '-P999999999DT0.000001S' });
    } catch (error) {
      thrown = error;
    }
    expect(isAgentparityError(thrown) && thrown.kind).toBe('OverflowError');
    expect((thrown as Error).message).toBe('days=-1000000000; must have magnitude <= 999999999');
    // A str is an exact match for the str member; an int only a lax one for either.
    expect(validateValue({ declaration, name: 'T' }, { a: 1, b: '-P999999999D' })).toEqual(new Map<string, unknown>([['a', 1], ['b', '-P999999999D']]));
    expect(validateValue({ declaration, name: 'T' }, { a: 1, b: -90_061 })).toEqual(new Map<string, unknown>([['a', 1], ['b', '-P1DT1H1M1S']]));
  });
});
