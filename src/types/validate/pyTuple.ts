/**
 * Arrays that stand for Python tuples. JavaScript has one sequence type; a value decoded from a
 * Python tuple (the value encoding's `$tuple`) is an array marked here, so that a validator reads
 * it as pydantic reads a tuple (exact for a tuple type, lax for a list) and an error names it as
 * Python prints it (`(1, 'a')`, `input_type=tuple`).
 */
const tuples = new WeakSet<readonly unknown[]>();

/** Marks the array as a Python tuple, and returns it. */
export const asPyTuple = <T extends readonly unknown[]>(items: T): T => {
  tuples.add(items);
  return items;
};

export const isPyTuple = (value: unknown): value is readonly unknown[] => Array.isArray(value) && tuples.has(value);
