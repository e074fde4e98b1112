import type { Declaration, ModelDeclaration } from './declaration.js';
import { msg } from './declarationMessages.js';
import { checkInstanceDefaults } from './defaultChecks.js';
import { fail } from './declarationTree.js';
import { checkDiscriminator, checkTypeDiscriminators } from './discriminatorChecks.js';

/**
 * The checks that need every model read first, run after the walk: discriminators (models in
 * order, fields in order, each field's inner unions before its own), then cycles of
 * model-instance defaults, then what making each of them takes (`checkInstanceDefaults`).
 */
export const checkDeclaration = (declaration: Declaration): void => {
  const models = declaration.models ?? [];
  const byName = new Map(models.map((model) => [model.name, model]));
  models.forEach((model, modelIndex) => {
    model.fields.forEach((field, fieldIndex) => {
      const path = `$.models[${modelIndex}].fields[${fieldIndex}]`;
      if (field.discriminator !== undefined && field.type.type === 'union' && field.type.discriminator !== undefined) {
        fail(`${path}.discriminator`, msg.discriminatorTwice());
      }
      checkTypeDiscriminators(field.type, byName, `${path}.type`);
      if (field.discriminator !== undefined) checkDiscriminator(field.type, field.discriminator, byName, `${path}.discriminator`);
    });
    (model.computed_fields ?? []).forEach((computed, computedIndex) => {
      checkTypeDiscriminators(computed.return_type, byName, `$.models[${modelIndex}].computed_fields[${computedIndex}].return_type`);
    });
  });
  checkDefaultCycles(models);
  checkInstanceDefaults(declaration);
};

const checkDefaultCycles = (models: readonly ModelDeclaration[]): void => {
  const edges = new Map<string, Array<readonly [string, string]>>();
  models.forEach((model, modelIndex) => {
    const out: Array<readonly [string, string]> = [];
    model.fields.forEach((field, fieldIndex) => {
      if (field.default?.kind !== 'model') return;
      const path = `$.models[${modelIndex}].fields[${fieldIndex}].default`;
      out.push([field.default.model!, path]);
    });
    edges.set(model.name, out);
  });
  const state = new Map<string, 'active' | 'done'>();
  const stack: string[] = [];
  const visit = (name: string): void => {
    state.set(name, 'active');
    stack.push(name);
    for (const [target, path] of edges.get(name) ?? []) {
      if (state.get(target) === 'active') fail(path, msg.defaultCycle([...stack.slice(stack.indexOf(target)), target]));
      if (!state.has(target)) visit(target);
    }
    stack.pop();
    state.set(name, 'done');
  };
  for (const model of models) if (!state.has(model.name)) visit(model.name);
};
