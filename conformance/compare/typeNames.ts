/**
 * The table of rule `type-names`: the names each language gives the same kind of value, mapped
 * to one spelling. A name not listed is the same in every language (a class name), or is not the
 * same kind: `object` is left out, as Python names a bare `object()` instance so, which is no
 * mapping, and a JavaScript plain object is reported by our TypeScript as `dict`.
 */
export const TYPE_NAMES: Readonly<Record<string, string>> = {
  bytes: 'bytes',
  Uint8Array: 'bytes',
  'byte[]': 'bytes',
  set: 'set',
  frozenset: 'set',
  Set: 'set',
  'java.util.Set': 'set',
  'java.util.HashSet': 'set',
  'java.util.LinkedHashSet': 'set',
  HashSet: 'set',
  LinkedHashSet: 'set',
  tuple: 'tuple',
  Array: 'tuple',
  dict: 'dict',
  Map: 'dict',
  'java.util.Map': 'dict',
  'java.util.HashMap': 'dict',
  'java.util.LinkedHashMap': 'dict',
  HashMap: 'dict',
  LinkedHashMap: 'dict',
  datetime: 'datetime',
  Date: 'datetime',
  'java.time.LocalDateTime': 'datetime',
  'java.time.OffsetDateTime': 'datetime',
  LocalDateTime: 'datetime',
  OffsetDateTime: 'datetime',
};
