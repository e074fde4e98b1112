import type { PyJson } from '../json/pyJson.js';

/**
 * The configuration in effect where an action runs (upstream `ReadableConfiguration`, from
 * `RunnerContext.getConfig()`): the plan's, or inside a sub-agent scope the child plan's. Each
 * typed getter gives the value when it has that type, else the default.
 */
export class ReadableConfiguration {
  constructor(private readonly data: ReadonlyMap<string, PyJson> = new Map()) {}

  /** The value under the key, or the default. */
  get(key: string, fallback?: PyJson): PyJson | undefined {
    return this.data.has(key) ? this.data.get(key) : fallback;
  }

  getInt(key: string, fallback?: number | bigint): number | bigint | undefined {
    const value = this.data.get(key);
    return (typeof value === 'number' && Number.isInteger(value)) || typeof value === 'bigint' ? value : fallback;
  }

  getBool(key: string, fallback?: boolean): boolean | undefined {
    const value = this.data.get(key);
    return typeof value === 'boolean' ? value : fallback;
  }

  getStr(key: string, fallback?: string): string | undefined {
    const value = this.data.get(key);
    return typeof value === 'string' ? value : fallback;
  }

  /** The keys and values, in the configuration's order. */
  toMap(): ReadonlyMap<string, PyJson> {
    return this.data;
  }
}
