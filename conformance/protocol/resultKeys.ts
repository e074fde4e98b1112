import { readFileSync } from 'node:fs';
import { packageRoot } from '../packageRoot.js';

interface SchemaNode {
  readonly properties?: Record<string, unknown>;
  readonly oneOf?: readonly SchemaNode[];
  readonly anyOf?: readonly SchemaNode[];
}

let cached: Map<string, ReadonlySet<string>> | undefined;

/**
 * The keys a result of `op` may have, from `#/$defs/result_<op>` of the protocol schema (every
 * branch of a oneOf/anyOf), or undefined when the schema does not define that op's result yet.
 */
export const resultKeys = (op: string): ReadonlySet<string> | undefined => {
  if (cached === undefined) {
    const schema = JSON.parse(readFileSync(`${packageRoot()}/conformance/protocol.schema.json`, 'utf8')) as { $defs: Record<string, SchemaNode> };
    cached = new Map();
    for (const [name, def] of Object.entries(schema.$defs)) {
      if (!name.startsWith('result_')) continue;
      const keys = new Set<string>();
      for (const branch of [def, ...(def.oneOf ?? []), ...(def.anyOf ?? [])]) for (const key of Object.keys(branch.properties ?? {})) keys.add(key);
      cached.set(name.slice('result_'.length), keys);
    }
  }
  return cached.get(op);
};
