import { AgentparityError } from '../errors.js';
import { PyFloat, type PyJson } from './pyJson.js';

/** A parse failure, with the line and column where the text stopped making sense. */
export class PyJsonParseError extends AgentparityError {
  // Python's json.JSONDecodeError is a ValueError.
  readonly kind = 'ValueError';
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${message} (line ${line}, column ${column})`, { code: 'JSON_PARSE' });
  }
}

type Container =
  | { readonly kind: 'array'; readonly value: PyJson[] }
  | { readonly kind: 'object'; readonly value: Map<string, PyJson>; key: string | undefined };

const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
const WHITESPACE = /[ \t\n\r]*/y;
const SIMPLE_STRING = /"([^"\\\u0000-\u001f]*)"/y;
const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/**
 * Parses JSON as Python's `json.loads` reads it, without losing what JavaScript would lose and
 * without recursion: objects become Maps in written order (a repeated key keeps its first place
 * and its last value), a number with a fraction or exponent becomes a `PyFloat`, an integer
 * beyond the safe range becomes a `bigint`, and `NaN`, `Infinity` and `-Infinity` are accepted.
 */
export const parsePyJson = (text: string): PyJson => {
  let pos = 0;
  const fail = (message: string): never => {
    const before = text.slice(0, pos);
    const line = before.split('\n').length;
    throw new PyJsonParseError(message, line, pos - before.lastIndexOf('\n'));
  };
  const skipWhitespace = (): void => {
    WHITESPACE.lastIndex = pos;
    WHITESPACE.exec(text);
    pos = WHITESPACE.lastIndex;
  };
  const readString = (): string => {
    SIMPLE_STRING.lastIndex = pos;
    const simple = SIMPLE_STRING.exec(text);
    if (simple) {
      pos = SIMPLE_STRING.lastIndex;
      return simple[1]!;
    }
    let result = '';
    pos++;
    for (;;) {
      if (pos >= text.length) fail('Unterminated string');
      const ch = text[pos]!;
      if (ch === '"') {
        pos++;
        return result;
      }
      if (ch === '\\') {
        const esc = text[pos + 1];
        if (esc === 'u') {
          const hex = text.slice(pos + 2, pos + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('Invalid \\uXXXX escape');
          result += String.fromCharCode(parseInt(hex, 16));
          pos += 6;
        } else if (esc !== undefined && esc in ESCAPES) {
          result += ESCAPES[esc];
          pos += 2;
        } else {
          fail('Invalid escape');
        }
      } else if (ch < ' ') {
        fail('Invalid control character in string');
      } else {
        result += ch;
        pos++;
      }
    }
  };
  const readScalar = (): PyJson => {
    const ch = text[pos];
    if (ch === '"') return readString();
    for (const [word, value] of WORDS) {
      if (text.startsWith(word, pos)) {
        pos += word.length;
        return value;
      }
    }
    NUMBER.lastIndex = pos;
    const match = NUMBER.exec(text);
    if (!match) return fail('Expecting value');
    pos = NUMBER.lastIndex;
    const token = match[0];
    if (match[1] !== undefined || match[2] !== undefined) return new PyFloat(Number(token));
    // An integer token is a Python int: `-0` is the int 0, not the float -0.0.
    const asNumber = Number(token) + 0;
    return Number.isSafeInteger(asNumber) ? asNumber : BigInt(token);
  };

  const stack: Container[] = [];
  let root: PyJson | undefined;
  let done = false;
  const attach = (value: PyJson): void => {
    const top = stack[stack.length - 1];
    if (!top) {
      root = value;
      done = true;
    } else if (top.kind === 'array') {
      top.value.push(value);
    } else {
      top.value.set(top.key!, value);
      top.key = undefined;
    }
  };

  skipWhitespace();
  while (!done) {
    const top = stack[stack.length - 1];
    // Inside an object, a value is always preceded by its key.
    if (top?.kind === 'object' && top.key === undefined) {
      if (text[pos] !== '"') fail('Expecting property name enclosed in double quotes');
      top.key = readString();
      skipWhitespace();
      if (text[pos] !== ':') fail("Expecting ':' delimiter");
      pos++;
      skipWhitespace();
    }
    const ch = text[pos];
    if (ch === '[' || ch === '{') {
      pos++;
      skipWhitespace();
      const closer = ch === '[' ? ']' : '}';
      if (text[pos] === closer) {
        pos++;
        attach(ch === '[' ? [] : new Map());
      } else {
        stack.push(ch === '[' ? { kind: 'array', value: [] } : { kind: 'object', value: new Map(), key: undefined });
        continue;
      }
    } else {
      attach(readScalar());
    }
    // After a value: close every container that ends here, or step past one comma.
    for (;;) {
      skipWhitespace();
      const open = stack[stack.length - 1];
      if (!open || done) break;
      const closer = open.kind === 'array' ? ']' : '}';
      if (text[pos] === closer) {
        pos++;
        stack.pop();
        attach(open.value);
        continue;
      }
      if (text[pos] !== ',') fail(`Expecting ',' delimiter or '${closer}'`);
      pos++;
      skipWhitespace();
      break;
    }
  }
  skipWhitespace();
  if (pos !== text.length) fail('Extra data');
  return root as PyJson;
};

const WORDS: readonly (readonly [string, PyJson])[] = [
  ['null', null],
  ['true', true],
  ['false', false],
  ['NaN', new PyFloat(NaN)],
  ['Infinity', new PyFloat(Infinity)],
  ['-Infinity', new PyFloat(-Infinity)],
];
