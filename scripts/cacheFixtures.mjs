// Run by `npm run build` and at install (`prepare`), after the compile: writes the bundled
// fixtures' trees to dist/fixtures.cache, which the suite reads instead of their YAML
// (conformance/fixtures/fixtureCache.ts says why and when an entry is used).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFixtureCache } from '../dist/conformance/fixtures/fixtureCache.js';

const root = fileURLToPath(new URL('..', import.meta.url));
writeFixtureCache(join(root, 'fixtures'), join(root, 'dist', 'fixtures.cache'));
