import { createRequire } from 'node:module';

let library: typeof import('yaml') | undefined;

/**
 * The YAML library, loaded the first time a YAML text is read (its CommonJS build, which can be
 * loaded synchronously): a run whose inputs all come from the fixture cache or from JSON never
 * pays for it.
 */
export const yamlLibrary = (): typeof import('yaml') => (library ??= createRequire(import.meta.url)('yaml') as typeof import('yaml'));
