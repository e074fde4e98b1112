import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { UsageError } from './command.js';

/** The files a run reads its defaults from, in the working directory; the first that exists wins. */
export const CONFIG_FILES = ['agentparity.config.yaml', 'agentparity.config.yml', 'agentparity.config.json'] as const;

type Spec = Readonly<Record<string, { readonly type: 'string' | 'boolean'; readonly multiple?: boolean }>>;

/**
 * The arguments a command takes from the config file's section for it (`conformance:`, `report:`),
 * as command-line tokens to put before the command line's own, leaving out every option the command
 * line gives: the command line wins. A key that is no option of the command, or not one of the
 * `settable` ones when the command names them, is a usage error.
 */
export const configArguments = (command: string, argv: readonly string[], spec: Spec, cwd = process.cwd(), settable?: ReadonlySet<string>): string[] => {
  const file = CONFIG_FILES.map((name) => join(cwd, name)).find((path) => existsSync(path));
  if (file === undefined) return [];
  let tree: unknown;
  try {
    const text = readFileSync(file, 'utf8');
    // The YAML library is loaded only for a YAML file: options are read before the Python
    // participant is spawned, and everything loaded first delays its start.
    tree = file.endsWith('.json') ? JSON.parse(text) : (createRequire(import.meta.url)('yaml') as typeof import('yaml')).parse(text);
  } catch (error) {
    throw new UsageError(`${file}: cannot read: ${(error as Error).message}`);
  }
  if (tree === null || tree === undefined) return [];
  if (typeof tree !== 'object' || Array.isArray(tree)) throw new UsageError(`${file}: must be a mapping of command names to their options`);
  const section = (tree as Record<string, unknown>)[command];
  if (section === undefined || section === null) return [];
  if (typeof section !== 'object' || Array.isArray(section)) throw new UsageError(`${file}: ${command} must be a mapping of option names to values`);
  const given = new Set(argv.filter((arg) => arg.startsWith('--')).map((arg) => arg.slice(2).split('=')[0]!));
  const tokens: string[] = [];
  for (const [key, value] of Object.entries(section as Record<string, unknown>)) {
    const option = spec[key];
    if (option === undefined || key === 'help') throw new UsageError(`${file}: ${command}.${key} is not an option of agentparity ${command}`);
    if (settable !== undefined && !settable.has(key)) throw new UsageError(`${file}: ${command}.${key} is given on the command line only; the config file sets ${[...settable].join(', ')}`);
    if (given.has(key)) continue;
    const values = Array.isArray(value) ? value : [value];
    if (values.length > 1 && option.multiple !== true) throw new UsageError(`${file}: ${command}.${key} takes one value`);
    for (const v of values) {
      if (option.type === 'boolean') {
        if (typeof v !== 'boolean') throw new UsageError(`${file}: ${command}.${key} must be true or false`);
        if (v) tokens.push(`--${key}`);
      } else {
        if (typeof v !== 'string' && typeof v !== 'number') throw new UsageError(`${file}: ${command}.${key} must be a string${option.multiple ? ' or a list of strings' : ''}`);
        tokens.push(`--${key}=${String(v)}`);
      }
    }
  }
  return tokens;
};
