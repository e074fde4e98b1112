import type { Declaration, TypeExpr } from '../../../src/types/declaration.js';
import { readDeclaration } from '../../../src/types/readDeclaration.js';
import { readTypeExpr } from '../../../src/types/readTypeExpr.js';
import { getField, isPyObject } from '../../util/pyObject.js';
import type { InstanceSource } from './compareSchemaText.js';
import { schemaInstances } from './schemaInstances.js';

const rootType = (declaration: Declaration, input: unknown): TypeExpr | string => {
  const inputType = isPyObject(input) ? getField(input, 'input_type') : undefined;
  if (inputType === undefined) return declaration.root === undefined ? 'the declaration has no root model' : { type: 'model', name: declaration.root };
  if (inputType === null) return 'the input type is object, which has no schema';
  const names = { enums: new Set((declaration.enums ?? []).map((e) => e.name)), models: new Set((declaration.models ?? []).map((m) => m.name)) };
  return readTypeExpr(inputType, '$.input.input_type', names);
};

/** Instances for a `derive_schema` case, generated from its declaration and input type. */
export const instancesForCase: InstanceSource = (testCase) => {
  if (testCase.declaration === undefined) return { unavailable: 'the case has no declaration' };
  try {
    const declaration = readDeclaration(testCase.declaration);
    const root = rootType(declaration, testCase.input);
    if (typeof root === 'string') return { unavailable: root };
    return { instances: schemaInstances(declaration, root, declaration.mode ?? 'validation') };
  } catch (error) {
    return { unavailable: `the declaration does not read: ${(error as Error).message}` };
  }
};
