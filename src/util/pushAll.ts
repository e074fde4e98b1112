/**
 * `target.push(...items)` for any number of items. A spread passes each item as an argument of
 * the call, and past about 100,000 of them V8 throws `RangeError: Maximum call stack size
 * exceeded`; a list default or a result of that size is ordinary input.
 */
export const pushAll = <T>(target: T[], items: Iterable<T>): void => {
  for (const item of items) target.push(item);
};

/** `items` in reverse order, without copying them first: for a stack that must pop them in order. */
export function* reversed<T>(items: readonly T[]): Generator<T> {
  for (let i = items.length - 1; i >= 0; i--) yield items[i]!;
}
