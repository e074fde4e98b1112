import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { readDeclaration } from '../../../src/types/readDeclaration.js';
import { renderSchemaText } from '../../../src/types/renderSchema.js';
import { oracleCases } from '../../helpers/oracleCases.js';
import { schemaDiff } from '../../helpers/schemaDiff.js';

const cases = oracleCases();

describe('types/renderSchema on the schema fixtures', () => {
  it('has at least 40 rendering cases, each with a pydantic oracle', () => {
    // setup.yaml and malformed.yaml pin the sub-agent setup and the reader, not the renderer.
    const rendering = cases.filter((c) => c.file !== 'setup.yaml' && c.file !== 'malformed.yaml');
    expect(rendering.length).toBeGreaterThanOrEqual(40);
  });

  it.each(cases.map((c) => [c.id, c] as const))('%s renders byte for byte as pydantic printed it', (_id, c) => {
    const declaration = readDeclaration(c.declaration);
    // The case derives its model in the declaration's mode, which the oracle shares.
    expect(c.root).toBe(c.model);
    expect(declaration.mode ?? 'validation').toBe(c.mode);
    const text = renderSchemaText(declaration, c.model);
    expect(schemaDiff(c.expected, text), `${c.file}: ${c.id}`).toEqual([]);
    expect(text).toBe(c.expected);
  });

  it('renders every case as a valid JSON Schema 2020-12 document', () => {
    const ajv = new Ajv2020({ strict: false });
    const invalid = cases.flatMap((c) => {
      const declaration = readDeclaration(c.declaration);
      const schema: unknown = JSON.parse(renderSchemaText(declaration, c.model));
      return ajv.validateSchema(schema as object) ? [] : [{ id: c.id, errors: ajv.errors }];
    });
    expect(invalid).toEqual([]);
  });
});
