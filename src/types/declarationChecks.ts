import type { Declaration, FieldDeclaration, ModelDeclaration } from './declaration.js';
import { msg } from './declarationMessages.js';
import { checkInstanceDefaults } from './defaultChecks.js';
import { fail, isPyInt } from './declarationTree.js';
import { flattenUnion } from './typeExprKey.js';

/**
 * The checks that need every model read first, run after the walk: discriminators (models in
 * order, fields in order), then cycles of model-instance defaults, then what making each of them
 * takes (`checkInstanceDefaults`).
 */
export const checkDeclaration = (declaration: Declaration): void => {
  const models = declaration.models ?? [];
  const byName = new Map(models.map((model) => [model.name, model]));
  models.forEach((model, modelIndex) => {
    model.fields.forEach((field, fieldIndex) => {
      if (field.discriminator === undefined) return;
      const path = `$.models[${modelIndex}].fields[${fieldIndex}].discriminator`;
      checkDiscriminator(field, field.discriminator, byName, path);
    });
  });
  checkDefaultCycles(models);
  checkInstanceDefaults(declaration);
};

const checkDiscriminator = (field: FieldDeclaration, key: string, models: ReadonlyMap<string, ModelDeclaration>, path: string): void => {
  const type = field.type;
  const members = type.type === 'union' ? flattenUnion(type.members, '$').map(([member]) => member).filter((m) => m.type !== 'none') : [];
  if (members.length === 0 || members.some((member) => member.type !== 'model' || member.constraints !== undefined)) {
    fail(path, msg.discriminatorNeedsUnion(key));
  }
  let first: { readonly model: string; readonly property: string } | undefined;
  const tags = new Map<string, string>();
  for (const member of members) {
    const name = (member as { readonly name: string }).name;
    const tagField = models.get(name)!.fields.find((candidate) => candidate.name === key);
    if (tagField === undefined || tagField.type.type !== 'literal') return fail(path, msg.discriminatorField(name, key));
    const property = tagField.validation_alias ?? tagField.alias ?? tagField.name;
    if (first === undefined) first = { model: name, property };
    else if (property !== first.property) fail(path, msg.discriminatorAlias(key, name, property, first.model, first.property));
    for (const value of tagField.type.values) {
      if (typeof value !== 'string' && !isPyInt(value)) fail(path, msg.discriminatorValueType(name, value));
      // pydantic maps each value by str(value), so 1 and "1" collide.
      const tag = String(value);
      const owner = tags.get(tag);
      if (owner !== undefined) fail(path, msg.discriminatorValueClash(tag, owner, name));
      tags.set(tag, name);
    }
  }
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
