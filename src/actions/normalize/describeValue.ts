/**
 * The type name a refusal message gives for a value, in TypeScript's own spelling: `undefined`,
 * `function`, `symbol`, or the name of the class an object was made by (`Set`, `Date`,
 * `Uint8Array`, a declared model's name). Python names the same values its own way (`set`,
 * `bytes`); the harness compares messages modulo these names.
 */
export const describeValue = (value: unknown): string => {
  if (value === null) return 'null';
  if (typeof value !== 'object') return typeof value;
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto === null) return 'object';
  // Read the prototype's own data property only: never run a getter of the value's.
  const constructor: unknown = Object.getOwnPropertyDescriptor(proto, 'constructor')?.value;
  const name: unknown = typeof constructor === 'function' ? constructor.name : undefined;
  return typeof name === 'string' && name !== '' ? name : 'object';
};

/** The name given to a missing item of a sparse array. */
export const HOLE = 'array hole';
