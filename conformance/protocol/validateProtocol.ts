import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import type { PyJson } from '../../src/json/pyJson.js';
import { packageRoot } from '../packageRoot.js';
import { toPlainJson } from '../util/toPlainJson.js';

export interface ProtocolValidator {
  /** A message naming what is wrong with a request, or undefined when it is valid. */
  request(message: PyJson): string | undefined;
  /** The same for a response; a `result` is also checked against `#/$defs/result_<op>` when defined. */
  response(message: PyJson, op?: string): string | undefined;
}

const describeErrors = (what: string, errors: readonly ErrorObject[] | null | undefined): string => {
  const first = (errors ?? []).slice(0, 3).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
  return `${what} violates the protocol schema: ${first.join('; ')}`;
};

let cached: ProtocolValidator | undefined;

/** Validation against `conformance/protocol.schema.json` (draft 2020-12), compiled once. */
export const protocolValidator = (): ProtocolValidator => {
  if (cached !== undefined) return cached;
  const schema = JSON.parse(readFileSync(`${packageRoot()}/conformance/protocol.schema.json`, 'utf8')) as { $id: string; $defs: Record<string, unknown> };
  // Loaded when first asked for: a participant client is made before the Python participant is
  // spawned, and ajv's load would delay its start for the runs that never validate.
  const { Ajv2020 } = createRequire(import.meta.url)('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
  ajv.addSchema(schema);
  const compiled = (name: string): ValidateFunction => ajv.getSchema(`${schema.$id}#/$defs/${name}`)!;
  const results = new Map<string, ValidateFunction>();
  for (const name of Object.keys(schema.$defs)) if (name.startsWith('result_')) results.set(name.slice('result_'.length), compiled(name));
  // Each message is checked against the one definition its shape claims, so that a violation is
  // reported for that definition alone rather than for every branch of a oneOf.
  const requestDef = (plain: Record<string, unknown>): string =>
    plain['cmd'] === 'start' || plain['cmd'] === 'run' || plain['cmd'] === 'stop' ? plain['cmd'] : 'request';
  const responseDef = (plain: Record<string, unknown>): string =>
    'implementation' in plain ? 'started' : 'result' in plain ? 'run_result' : 'skipped' in plain ? 'run_skipped' : 'errored' in plain ? 'run_errored' : 'response';
  const check = (what: string, name: string, plain: unknown): string | undefined => {
    const validate = compiled(name);
    return validate(plain) ? undefined : describeErrors(what, validate.errors);
  };
  const isObject = (plain: unknown): plain is Record<string, unknown> => typeof plain === 'object' && plain !== null && !Array.isArray(plain);
  cached = {
    request(message) {
      const plain = toPlainJson(message);
      return check('request', isObject(plain) ? requestDef(plain) : 'request', plain);
    },
    response(message, op) {
      const plain = toPlainJson(message);
      const problem = check('response', isObject(plain) ? responseDef(plain) : 'response', plain);
      if (problem !== undefined || !isObject(plain)) return problem;
      const shape = op === undefined ? undefined : results.get(op);
      if (shape !== undefined && plain.result !== undefined && !shape(plain.result)) {
        return describeErrors(`result of ${op}`, shape.errors);
      }
      return undefined;
    },
  };
  return cached;
};
