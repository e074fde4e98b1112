import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** Module (a path relative to the root) -> the modules of the tree it imports for their values. */
export type ImportGraph = ReadonlyMap<string, ReadonlySet<string>>;

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });

// `import type`, `export type` and an import whose every name is marked `type` are erased; so is
// an import of no names at all only when it says `type`. Dynamic `import()` loads later, at run
// time, and cannot make a cycle while modules load.
const valueSpecifier = (statement: ts.Statement): string | undefined => {
  if (ts.isImportDeclaration(statement)) {
    const clause = statement.importClause;
    if (clause?.isTypeOnly) return undefined;
    const bindings = clause?.namedBindings;
    const onlyTypes = clause !== undefined && clause.name === undefined && bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly);
    return onlyTypes ? undefined : (statement.moduleSpecifier as ts.StringLiteral).text;
  }
  if (ts.isExportDeclaration(statement) && statement.moduleSpecifier !== undefined) {
    if (statement.isTypeOnly) return undefined;
    const clause = statement.exportClause;
    if (clause !== undefined && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((element) => element.isTypeOnly)) return undefined;
    return (statement.moduleSpecifier as ts.StringLiteral).text;
  }
  return undefined;
};

/** The value imports between the TypeScript modules under `dirs` (relative to `root`). */
export const importGraph = (root: string, dirs: readonly string[]): ImportGraph => {
  const files = dirs.flatMap((dir) => sourceFiles(join(root, dir)));
  const known = new Set(files);
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, false);
    const targets = new Set<string>();
    for (const statement of source.statements) {
      const specifier = valueSpecifier(statement);
      if (specifier === undefined || !specifier.startsWith('.')) continue;
      const target = resolve(dirname(file), specifier.replace(/\.js$/, '.ts'));
      if (known.has(target)) targets.add(relative(root, target));
    }
    graph.set(relative(root, file), targets);
  }
  return graph;
};

/** Each group of modules that import one another, directly or not (Tarjan's components of two or more), sorted. */
export const importCycles = (graph: ImportGraph): string[][] => {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const child of [...(graph.get(node) ?? [])].sort()) {
      if (!index.has(child)) {
        visit(child);
        low.set(node, Math.min(low.get(node)!, low.get(child)!));
      } else if (onStack.has(child)) {
        low.set(node, Math.min(low.get(node)!, index.get(child)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (;;) {
      const member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
      if (member === node) break;
    }
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
};
