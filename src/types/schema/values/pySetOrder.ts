import { PyFloat, type PyJson } from '../../../json/pyJson.js';
import { pyEqualityKey } from '../../../python/pyEquality.js';

const MODULUS = (1n << 61n) - 1n;
const HASH_BITS = 61n;
const HASH_INF = 314159n;
const LINEAR_PROBES = 9n;
const PERTURB_SHIFT = 5n;
const MIN_SIZE = 8n;
const u64 = (n: bigint): bigint => BigInt.asUintN(64, n);

const finalize = (h: bigint): bigint => (h === -1n ? -2n : h);

const hashInt = (n: bigint): bigint => finalize(n < 0n ? -(-n % MODULUS) : n % MODULUS);

// CPython's `_Py_HashDouble` for a finite or infinite float.
const hashFloat = (v: number): bigint => {
  if (v === Infinity) return HASH_INF;
  if (v === -Infinity) return -HASH_INF;
  if (Number.isInteger(v)) return hashInt(BigInt(v));
  const sign = v < 0 ? -1n : 1n;
  let e = Math.floor(Math.log2(Math.abs(v))) + 1;
  let m = Math.abs(v) / 2 ** e;
  while (m >= 1) { m /= 2; e++; }
  while (m < 0.5) { m *= 2; e--; }
  let x = 0n;
  while (m !== 0) {
    x = ((x << 28n) & MODULUS) | (x >> (HASH_BITS - 28n));
    m *= 268435456;
    e -= 28;
    const y = Math.floor(m);
    m -= y;
    x += BigInt(y);
    if (x >= MODULUS) x -= MODULUS;
  }
  const exp = BigInt(e >= 0 ? e % 61 : 60 - ((-1 - e) % 61));
  x = ((x << exp) & MODULUS) | (x >> (HASH_BITS - exp));
  return finalize(sign * x);
};

/** Python's `hash()` of a number or bool; undefined for values whose hash varies between runs. */
const pyHash = (value: PyJson): bigint | undefined => {
  if (typeof value === 'boolean') return value ? 1n : 0n;
  if (typeof value === 'bigint') return hashInt(value);
  if (typeof value === 'number') return Number.isInteger(value) ? hashInt(BigInt(value)) : hashFloat(value);
  if (value instanceof PyFloat) return Number.isNaN(value.value) ? undefined : hashFloat(value.value);
  return undefined;
};

type Slot = { readonly value: PyJson; readonly hash: bigint } | undefined;

// CPython's `set_insert_clean`: linear probing, then perturbed jumps.
const insertClean = (table: Slot[], value: PyJson, hash: bigint): void => {
  const mask = BigInt(table.length - 1);
  let perturb = u64(hash);
  let i = perturb & mask;
  for (;;) {
    if (table[Number(i)] === undefined) {
      table[Number(i)] = { value, hash };
      return;
    }
    if (i + LINEAR_PROBES <= mask) {
      for (let j = 1n; j <= LINEAR_PROBES; j++) {
        if (table[Number(i + j)] === undefined) {
          table[Number(i + j)] = { value, hash };
          return;
        }
      }
    }
    perturb >>= PERTURB_SHIFT;
    i = u64(i * 5n + 1n + perturb) & mask;
  }
};

/**
 * The order Python iterates `set(values)` in, when every value is a number or a bool (their
 * hashes are fixed; a string's is not, so any other set keeps the given order): CPython's table,
 * filled and resized as `set.add` does. Repeats (under Python `==`) are dropped, the first kept.
 */
export const pySetOrder = (values: readonly PyJson[]): PyJson[] => {
  const seen = new Set<string>();
  const unique = values.filter((value) => !seen.has(pyEqualityKey(value)) && seen.add(pyEqualityKey(value)));
  const hashes = unique.map(pyHash);
  if (hashes.some((hash) => hash === undefined)) return unique;
  let table: Slot[] = new Array<Slot>(Number(MIN_SIZE)).fill(undefined);
  let used = 0;
  unique.forEach((value, index) => {
    insertClean(table, value, hashes[index]!);
    used++;
    const mask = table.length - 1;
    if (used * 5 >= mask * 3) {
      let size = MIN_SIZE;
      const minUsed = BigInt(used > 50000 ? used * 2 : used * 4);
      while (size <= minUsed) size <<= 1n;
      const old = table;
      table = new Array<Slot>(Number(size)).fill(undefined);
      for (const slot of old) if (slot !== undefined) insertClean(table, slot.value, slot.hash);
    }
  });
  return table.filter((slot): slot is NonNullable<Slot> => slot !== undefined).map((slot) => slot.value);
};

/**
 * The order after `passes` rounds of `set(values)`: each `copy.deepcopy` of a set (or of a model
 * instance or container that holds one) builds it again from its own iteration order, which can
 * move colliding members.
 */
export const pySetOrderAfter = (values: readonly PyJson[], passes: number): PyJson[] => {
  let order = pySetOrder(values);
  for (let pass = 1; pass < passes; pass++) order = pySetOrder(order);
  return order;
};
