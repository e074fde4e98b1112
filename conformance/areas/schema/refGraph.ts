/**
 * Why json-schema-diff cannot read a schema, or undefined when it can: it fails on a root `$ref`
 * and on recursion ("Circular $ref pointer"), which pydantic emits for recursive models.
 */
export const unreadableBySchemaDiff = (schema: unknown): string | undefined => {
  if (typeof schema !== 'object' || schema === null) return undefined;
  if ('$ref' in schema) return 'the schema has a root $ref';
  const defs = (schema as { $defs?: unknown }).$defs;
  if (typeof defs !== 'object' || defs === null) return undefined;
  const edges = new Map<string, string[]>();
  for (const [name, def] of Object.entries(defs)) edges.set(name, refsIn(def));
  const cycle = findCycle(edges);
  return cycle === undefined ? undefined : `the schema is recursive (${cycle.join(' -> ')})`;
};

const DEF_REF = /^#\/\$defs\/(.+)$/;

const refsIn = (root: unknown): string[] => {
  const found: string[] = [];
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const match = DEF_REF.exec(value);
        if (match) found.push(decodeURIComponent(match[1]!).replace(/~1/g, '/').replace(/~0/g, '~'));
      } else stack.push(value);
    }
  }
  return found;
};

const findCycle = (edges: ReadonlyMap<string, readonly string[]>): string[] | undefined => {
  const state = new Map<string, 'open' | 'done'>();
  for (const start of edges.keys()) {
    if (state.has(start)) continue;
    // Iterative depth-first search; `path` is the chain of open definitions.
    const path: string[] = [];
    const stack: [string, number][] = [[start, 0]];
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const [name, next] = top;
      if (next === 0) {
        state.set(name, 'open');
        path.push(name);
      }
      const targets = edges.get(name) ?? [];
      if (next < targets.length) {
        top[1] = next + 1;
        const target = targets[next]!;
        if (state.get(target) === 'open') return [...path.slice(path.indexOf(target)), target];
        if (!state.has(target) && edges.has(target)) stack.push([target, 0]);
      } else {
        state.set(name, 'done');
        path.pop();
        stack.pop();
      }
    }
  }
  return undefined;
};
