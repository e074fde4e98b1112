import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
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
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
  ajv.addSchema(schema);
  const compiled = (name: string): ValidateFunction => ajv.getSchema(`${schema.$id}#/$defs/${name}`)!;
  const request = compiled('request');
  const response = compiled('response');
  const results = new Map<string, ValidateFunction>();
  for (const name of Object.keys(schema.$defs)) if (name.startsWith('result_')) results.set(name.slice('result_'.length), compiled(name));
  cached = {
    request(message) {
      return request(toPlainJson(message)) ? undefined : describeErrors('request', request.errors);
    },
    response(message, op) {
      const plain = toPlainJson(message) as { result?: unknown };
      if (!response(plain)) return describeErrors('response', response.errors);
      const shape = op === undefined ? undefined : results.get(op);
      if (shape !== undefined && plain.result !== undefined && !shape(plain.result)) {
        return describeErrors(`result of ${op}`, shape.errors);
      }
      return undefined;
    },
  };
  return cached;
};
