import { fileURLToPath } from 'node:url';
import type { PyJson } from '../../src/json/pyJson.js';
import type { ProtocolCase } from '../../conformance/serve/ops/index.js';

/** The faux participant script (test/fixtures/participants/faux.mjs). */
export const FAUX = fileURLToPath(new URL('../fixtures/participants/faux.mjs', import.meta.url));

/** The command line that runs the faux participant with the given options. */
export const fauxCommand = (...options: string[]): string => [process.execPath, FAUX, ...options].join(' ');

/** A case telling the faux participant what to do. */
export const fauxCase = (id: string, behaviour: string, extra: Record<string, PyJson> = {}): ProtocolCase => ({
  id,
  op: 'derive_schema',
  input: new Map<string, PyJson>([['behaviour', behaviour], ...Object.entries(extra)]),
});
