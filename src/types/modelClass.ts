import { untraced } from '../errors.js';
import type { PyJson } from '../json/pyJson.js';
import type { Declaration } from './declaration.js';
import { finishDump } from './validate/finishDump.js';
import { MODEL_BRAND, modelBrandOf, type ModelBrand } from './validate/modelBrand.js';
import { ValueValidationError, compilerFor, validationTitle } from './validateValue.js';

/** An instance of a declared model: its fields as own properties, in JSON form (bytes as Uint8Array). */
export interface DeclaredModel {
  readonly [MODEL_BRAND]: ModelBrand;
  readonly [field: string]: unknown;
}

export type DeclaredModelClass = new (fields?: ReadonlyMap<string, unknown> | Readonly<Record<string, unknown>>) => DeclaredModel;

const classes = new WeakMap<Declaration, Map<string, DeclaredModelClass>>();

/**
 * The class of a declared model, one per declaration object and model name (its `name` is the
 * model's name, so that a refusal names it). `new Model(fields)` validates fields given by Python
 * name, as `Model.model_validate(fields, by_name=True)` does, and throws `ValueValidationError`
 * when they do not validate. A declared result type takes an instance of its own class as it is.
 */
export const modelClass = (declaration: Declaration, name: string): DeclaredModelClass => {
  let byName = classes.get(declaration);
  if (byName === undefined) {
    byName = new Map();
    classes.set(declaration, byName);
  }
  const known = byName.get(name);
  if (known !== undefined) return known;
  const validate = compilerFor(declaration).modelByName(name);
  const made = {
    [name]: class {
      constructor(fields: ReadonlyMap<string, unknown> | Readonly<Record<string, unknown>> = {}) {
        const outcome = validate(fields instanceof Map ? fields : new Map(Object.entries(fields)));
        if (outcome.status === 'refused') throw untraced(() => new ValueValidationError(outcome.issues, name, validationTitle(declaration, { type: 'model', name })));
        const dumped = outcome.value as ReadonlyMap<string, unknown>;
        Object.defineProperty(this, MODEL_BRAND, { value: { declaration, name, dumped } satisfies ModelBrand });
        const shown = finishDump(dumped, true) as ReadonlyMap<string, PyJson>;
        for (const [key, value] of shown) {
          if (value !== undefined) Object.defineProperty(this, key, { value, enumerable: true, writable: false, configurable: false });
        }
      }
    },
  }[name]! as unknown as DeclaredModelClass;
  byName.set(name, made);
  return made;
};

/** The model name and field values of a declared model's instance, or undefined for any other value. */
export const describeDeclaredModel = (value: object): { readonly name: string; readonly fields: ReadonlyMap<string, unknown> } | undefined => {
  const brand = modelBrandOf(value);
  if (brand === undefined) return undefined;
  const model = brand.declaration.models?.find((item) => item.name === brand.name);
  const names = new Set(model?.fields.map((field) => field.name));
  return { name: brand.name, fields: new Map(Object.entries(value).filter(([key]) => names.has(key))) };
};
