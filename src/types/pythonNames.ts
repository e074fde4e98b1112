/**
 * Which names the Python reference can give to a model, enum, field or member. Both languages
 * hold the same lists; a pytest test checks them against Python's own `keyword.kwlist` and
 * `dir(pydantic.BaseModel)`.
 */

/** `keyword.kwlist` of Python 3.11. */
export const PYTHON_KEYWORDS: ReadonlySet<string> = new Set([
  'False', 'None', 'True', 'and', 'as', 'assert', 'async', 'await', 'break', 'class', 'continue',
  'def', 'del', 'elif', 'else', 'except', 'finally', 'for', 'from', 'global', 'if', 'import', 'in',
  'is', 'lambda', 'nonlocal', 'not', 'or', 'pass', 'raise', 'return', 'try', 'while', 'with', 'yield',
]);

/** The public attributes of `pydantic.BaseModel` (2.13): a field of one of these names shadows it. */
export const BASE_MODEL_ATTRIBUTES: ReadonlySet<string> = new Set([
  'construct', 'copy', 'dict', 'from_orm', 'json', 'model_computed_fields', 'model_config',
  'model_construct', 'model_copy', 'model_dump', 'model_dump_json', 'model_extra', 'model_fields',
  'model_fields_set', 'model_json_schema', 'model_parametrized_name', 'model_post_init',
  'model_rebuild', 'model_validate', 'model_validate_json', 'model_validate_strings', 'parse_file',
  'parse_obj', 'parse_raw', 'schema', 'schema_json', 'update_forward_refs', 'validate',
]);

const IDENTIFIER = /^[\p{XID_Start}_]\p{XID_Continue}*$/u;

/**
 * `name.isidentifier()` and not a keyword, and unchanged by NFKC (Python normalizes identifiers
 * in source, so a name that NFKC changes would not refer to itself).
 */
export const isPythonName = (name: string): boolean =>
  IDENTIFIER.test(name) && !PYTHON_KEYWORDS.has(name) && name.normalize('NFKC') === name;

/** The key pydantic files a model or enum under in `$defs`. */
export const defsKey = (name: string): string => name.replace(/[^a-zA-Z0-9.\-_]/gu, '_').replace(/\./g, '__');
