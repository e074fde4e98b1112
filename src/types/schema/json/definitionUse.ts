import type { PyJson } from '../../../json/pyJson.js';
import { SchemaRenderError } from '../../schemaRenderError.js';
import { pyRepr } from '../../../python/pyRepr.js';
import { type DefsRef, type JsonRef, type JsonSchema, isJsonSchema } from './jsonSchema.js';
import { pushAll } from '../../../util/pushAll.js';

/**
 * A `$ref` text no definition answers to: pydantic walks defaults too, so a property named `$ref`
 * holding text is taken for a reference, and one it does not know raises KeyError, unless it is
 * an http(s) URL (which it leaves alone: undefined).
 */
export const refusedUnlessExternal = (ref: string): undefined => {
  if (ref.startsWith('http://') || ref.startsWith('https://')) return undefined;
  throw new SchemaRenderError(pyRepr(ref), 'key-error');
};

/**
 * pydantic's `get_json_ref_counts`: how often each `$ref` is met walking the schema, each
 * definition walked on its first reference only, `examples` lists skipped. `definitionOf`
 * resolves a reference (and throws the error of a definition pydantic could not render).
 */
export const countJsonRefs = (root: JsonSchema, definitionOf: (ref: JsonRef) => JsonSchema | undefined): Map<string, number> => {
  const counts = new Map<string, number>();
  const visit = (value: PyJson): void => {
    if (Array.isArray(value)) {
      (value as readonly PyJson[]).forEach(visit);
      return;
    }
    if (!isJsonSchema(value)) return;
    if (value.has('$ref')) {
      const ref = value.get('$ref');
      // Under a property literally named `$ref` pydantic stops walking that object.
      if (typeof ref !== 'string') return;
      const seen = counts.has(ref);
      counts.set(ref, (counts.get(ref) ?? 0) + 1);
      if (seen) return;
      visit(definitionOf(ref as JsonRef) ?? null);
    }
    for (const [key, item] of value) if (!(key === 'examples' && Array.isArray(item))) visit(item);
  };
  visit(root);
  return counts;
};

/** pydantic's `_get_all_json_refs`: every string `$ref`, skipping `examples` lists. */
const allJsonRefs = (root: PyJson): JsonRef[] => {
  const refs: JsonRef[] = [];
  const stack: PyJson[] = [root];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (Array.isArray(current)) pushAll(stack, current as readonly PyJson[]);
    else if (isJsonSchema(current)) {
      for (const [key, value] of current) {
        if (key === 'examples' && Array.isArray(value)) continue;
        if (key === '$ref' && typeof value === 'string') refs.push(value as JsonRef);
        else if (value instanceof Map || Array.isArray(value)) stack.push(value);
      }
    }
  }
  return refs;
};

/**
 * pydantic's `_garbage_collect_definitions`: drops every definition the schema cannot reach. Its
 * walk reaches the text of a property named `$ref` in a default that the counting walk passed
 * over (beside a reference met before), and raises KeyError for it unless it is an http(s) URL.
 */
export const collectGarbage = (
  root: JsonSchema,
  definitions: Map<DefsRef, JsonSchema>,
  defsRefOf: (ref: JsonRef) => DefsRef | undefined,
): void => {
  const visited = new Set<DefsRef>();
  const pending = allJsonRefs(root);
  while (pending.length > 0) {
    const ref = pending.pop()!;
    const defsRef = defsRefOf(ref) ?? refusedUnlessExternal(ref);
    if (defsRef === undefined || visited.has(defsRef)) continue;
    visited.add(defsRef);
    pushAll(pending, allJsonRefs(definitions.get(defsRef) ?? new Map()));
  }
  for (const defsRef of [...definitions.keys()]) if (!visited.has(defsRef)) definitions.delete(defsRef);
};
