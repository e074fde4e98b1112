import type { PyJson } from '../../src/json/pyJson.js';
import type { Declaration } from '../../src/types/declaration.js';

// Until readDeclaration lands (branch decl): the lossless YAML/JSON tree as a Declaration,
// without validation. Structure becomes plain objects; value positions stay as parsed.
const VALUE_KEYS = new Set(['value', 'examples', 'json_schema_extra']);

const convert = (node: PyJson, key: string | undefined, parentType: PyJson | undefined): unknown => {
  if (key !== undefined && VALUE_KEYS.has(key)) return node;
  if (key === 'values' && parentType === 'literal') return node;
  if (Array.isArray(node)) return (node as readonly PyJson[]).map((item) => convert(item, undefined, undefined));
  if (node instanceof Map) {
    const type = node.get('type');
    return Object.fromEntries([...node].map(([k, v]) => [k, convert(v, k, type)]));
  }
  return node;
};

export const declarationFromTree = (tree: PyJson): Declaration => convert(tree, undefined, undefined) as Declaration;
