import { createRequire } from 'node:module';
import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import type ajvFormats from 'ajv-formats';
import type { PyJson } from '../../../src/json/pyJson.js';
import { toPlainJson } from '../../util/toPlainJson.js';
import { show, type Sides } from '../../compare/diffValues.js';
import type { CheckNote } from './setDifference.js';

/**
 * A validator for pydantic's schemas: draft 2020-12, not strict (pydantic writes the OpenAPI
 * `discriminator` keyword, which ajv would refuse), with the formats pydantic writes asserted
 * (`date-time`, `date`, `time`, `duration`, `uuid`, `uri`, and `binary`, which any string meets),
 * so that two schemas that differ only in a format judge a string apart.
 */
export const schemaValidator = (): Ajv2020 => {
  // Loaded when first asked for: ajv and its formats are 90 modules, and most runs compare no
  // two schemas that differ in text.
  const require = createRequire(import.meta.url);
  const { Ajv2020: Validator } = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  const formats = require('ajv-formats') as typeof ajvFormats;
  const ajv = new Validator({ strict: false, allErrors: false });
  // The module is CommonJS: the plugin is its exports' `default` property.
  formats.default(ajv, { mode: 'full' });
  return ajv;
};

const compile = (ajv: Ajv2020, schema: unknown, owner: string): ValidateFunction | string => {
  try {
    return ajv.compile(schema as object);
  } catch (error) {
    return `ajv cannot compile ${owner}'s schema: ${(error as Error).message}`;
  }
};

/**
 * Validates every instance against both schemas with one validator: two schemas that mean the
 * same accept and refuse the same instances. The note names the first instances judged apart.
 */
export const behaviourCheck = (left: unknown, right: unknown, instances: readonly PyJson[], sides: Sides): CheckNote => {
  const ajv = schemaValidator();
  const a = compile(ajv, left, sides.left);
  const b = compile(ajv, right, sides.right);
  if (typeof a === 'string' || typeof b === 'string') return { differs: false, note: `behaviour check skipped: ${typeof a === 'string' ? a : b}` };
  const apart: string[] = [];
  let count = 0;
  for (const instance of instances) {
    const plain = toPlainJson(instance);
    const [okA, okB] = [a(plain), b(plain)];
    if (okA === okB) continue;
    count++;
    if (apart.length < 2) apart.push(`${show(instance, 80)} is ${okA ? 'accepted' : 'refused'} by ${sides.left}'s schema and ${okB ? 'accepted' : 'refused'} by ${sides.right}'s`);
  }
  if (count === 0) return { differs: false, note: `behaviour: ${instances.length} instances judged alike` };
  return { differs: true, note: `behaviour: ${count} of ${instances.length} instances judged apart: ${apart.join('; ')}` };
};
