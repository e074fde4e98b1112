import fc from 'fast-check';
import { BASE_MODEL_ATTRIBUTES, defsKey, isPythonName } from '../../../src/types/pythonNames.js';

const LOWER = 'abcdefghijklmnopqrstuvwxyz'.split('');
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
const DIGITS = '0123456789'.split('');
// Letters outside ASCII that Python accepts in names and NFKC leaves alone.
const NON_ASCII = ['é', 'ü', 'ß', 'ñ', 'ø', 'λ', 'ж', '名', 'Ä', 'Ω'];

const first = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...LOWER, ...UPPER) }, { weight: 1, arbitrary: fc.constantFrom(...NON_ASCII) });
const rest = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...LOWER) },
  { weight: 1, arbitrary: fc.constantFrom(...UPPER) },
  { weight: 2, arbitrary: fc.constantFrom(...DIGITS) },
  { weight: 2, arbitrary: fc.constant('_') },
  { weight: 1, arbitrary: fc.constantFrom(...NON_ASCII) },
);

/** A Python name: letters, digits, underscores (doubled, trailing) and non-ASCII letters. */
export const pythonName = fc
  .tuple(first, fc.array(rest, { maxLength: 9 }))
  .map(([head, tail]) => head + tail.join(''))
  .filter(isPythonName);

/** A field name pydantic accepts: not private and not a BaseModel attribute. */
export const fieldName = pythonName.filter((name) => !BASE_MODEL_ATTRIBUTES.has(name));

/** An enum member name: not private, not `mro`. */
export const memberName = pythonName.filter((name) => name !== 'mro');

/**
 * `count` names for models and enums, unique also by their `$defs` key (non-ASCII letters all
 * become `_` there, so `Café` and `Cafø` would collide).
 */
export const typeNames = (count: number): fc.Arbitrary<string[]> =>
  fc.uniqueArray(pythonName, { minLength: count, maxLength: count, selector: defsKey });

/** A property key given by an alias: any text, including integer-like keys and pydantic keywords. */
export const aliasText = fc.oneof(
  { weight: 3, arbitrary: pythonName },
  { weight: 1, arbitrary: fc.constantFrom('2', '10', '007', 'default', 'properties', 'type', '$ref', 'a b', 'camelCase', 'ID', 'http_url2x', 'a__b', 'trailing_', 'unicode_éclair', 'émoji 😀') },
);
