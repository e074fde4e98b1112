import { execFileSync } from 'node:child_process';

/**
 * Runs a Python snippet once over a JSON list of inputs and returns its JSON output: the snippet
 * reads `inputs` and must print `json.dumps(outputs)`. Used to check Python-exact helpers against
 * Python itself (the interpreter pydantic runs on), never against copied expectations.
 */
export const runPython = <T>(body: string, inputs: unknown): T => {
  const program = `import json, sys\ninputs = json.loads(sys.stdin.read())\n${body}`;
  const out = execFileSync('python3', ['-c', program], { input: JSON.stringify(inputs), encoding: 'utf8', maxBuffer: 1 << 26 });
  return JSON.parse(out) as T;
};

/** A small deterministic generator (mulberry32), so that "random" inputs replay. */
export const seededRandom = (seed: number): (() => number) => {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};
