import type { TypeNameMask } from '../../compare/compareErrors.js';

// The input a line error shows: `[type=<t>, input_value=<repr>, input_type=<name>]` at the end of its line.
const INPUT = /(\[type=[^,\]]+, input_value=)(.*)(, input_type=)(\w+)\]$/gm;
// Python's repr of a float that is whole (`2.0`, `-0.0` aside, `1e+16`); TypeScript has only numbers.
const WHOLE_FLOAT = /(?<![\w.'"])(-?\d+)\.0(?![\d\w])|(?<![\w.'"])(-?\d+(?:\.\d+)?e\+\d+)(?![\d\w])/g;
// An object's repr, whole or cut short: `<agentparity.values.Handle object at 0x7f...>`, `<Handle object>`.
const SHOWS_OBJECT = /<[\w.]+(?: object|\.\.\.)/;

// An int, or a whole float once written as one: Python writes the float two bytes longer (`.0`).
const INT = /(?<![\w.'"])-?\d+(?![\w.])/g;
// pydantic shows an input of more UTF-8 bytes than this shortened.
const SHOWN_WHOLE = 50;
const encoder = new TextEncoder();

/** Whether the other language may show this input (already masked) shortened: it is near the limit and holds numbers. */
const nearLimit = (masked: string): boolean => {
  const ints = masked.match(INT)?.length ?? 0;
  return ints > 0 && encoder.encode(masked).length + 2 * ints > SHOWN_WHOLE;
};

const shownNumber = (whole: string | undefined, exponent: string | undefined): string =>
  whole !== undefined ? whole : BigInt(Number(exponent)).toString();

/**
 * A pydantic error text (`str(ValidationError)`) with the inputs of its line errors written as
 * both languages can: a whole float as an int and `float` as `int` (a JavaScript number does not
 * remember that it was a float), and an input that shows an object (Python writes its module and
 * address, which only its own process knows) or is shortened (the part shown depends on the
 * whole) as `…`, as is one shown whole that the other language may have shortened (it holds
 * numbers, and would pass pydantic's 50 bytes were each a whole float two bytes longer).
 * Everything else, every location, message and error type, is left as it is.
 */
export const maskRefusalText: TypeNameMask = (text) =>
  text.replace(INPUT, (_line, start: string, value: string, middle: string, type: string) => {
    const hidden = value.includes('...') || SHOWS_OBJECT.test(value);
    const masked = hidden ? '…' : value.replace(WHOLE_FLOAT, (_m, whole?: string, exponent?: string) => shownNumber(whole, exponent));
    return `${start}${nearLimit(masked) ? '…' : masked}${middle}${type === 'float' ? 'int' : type}]`;
  });
