import { describe, expect, it } from 'vitest';
import { pyIntText } from '../../../src/python/pyIntText.js';
import { runPython } from '../../helpers/python.js';

const textOrRefusal = (value: bigint): string => {
  try {
    return pyIntText(value);
  } catch (error) {
    return `${(error as Error & { kind: string }).kind}: ${(error as Error).message}`;
  }
};

describe('pyIntText', () => {
  it('prints and refuses exactly where live Python does', () => {
    const inputs = [1, 4299, 4300, 4301, 9000].flatMap((digits) => [`${'9'.repeat(digits)}`, `-${'1'.repeat(digits)}`]);
    const python = runPython<string[]>(
      `out = []
for text in inputs:
    sys.set_int_max_str_digits(0); n = int(text); sys.set_int_max_str_digits(4300)
    try: out.append(str(n))
    except ValueError as e: out.append(f"ValueError: {e}")
print(json.dumps(out))`,
      inputs,
    );
    expect(inputs.map((text) => textOrRefusal(BigInt(text)))).toEqual(python);
    expect(python.filter((text) => text.startsWith('ValueError'))).toHaveLength(4);
  });
});
