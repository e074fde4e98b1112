/**
 * The tags of the value encoding (DESIGN §3.2) and the keys each allows beside itself. The
 * Python codec (`agentparity_ref/codec/decode_value.py`) has the same table.
 */
export const COMPANIONS: ReadonlyMap<string, readonly string[]> = new Map([
  ['$float', []],
  ['$int', []],
  ['$map', []],
  ['$bytes', []],
  ['$tuple', []],
  ['$set', []],
  ['$model', ['fields']],
  ['$object', ['fields']],
  ['$id', ['value']],
  ['$ref', []],
  ['$chain', []],
  ['$literal', []],
  ['$nullProto', []],
  ['$undefined', []],
  ['$hole', []],
  ['$function', []],
  ['$symbol', []],
  ['$date', []],
  ['$typedArray', ['values']],
  ['$toJSON', []],
]);

/** The typed arrays `$typedArray` may name. */
export const TYPED_ARRAYS = {
  Int8Array,
  Uint8Array,
  Uint8ClampedArray,
  Int16Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
  Float32Array,
  Float64Array,
  BigInt64Array,
  BigUint64Array,
} as const;
