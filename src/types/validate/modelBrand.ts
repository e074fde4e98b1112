import type { Declaration } from '../declaration.js';

/** Marks an instance of a class built from a declaration (`modelClass`), wherever it was made. */
export const MODEL_BRAND = Symbol.for('agentparity/declaredModel');

/** What a declared model's instance carries: its model, and its fields as `dump_python(mode="json")` gives them. */
export interface ModelBrand {
  readonly declaration: Declaration;
  readonly name: string;
  /** Fields by Python name, then extras, then computed fields, in dump order. */
  readonly dumped: ReadonlyMap<string, unknown>;
}

export const modelBrandOf = (value: unknown): ModelBrand | undefined =>
  typeof value === 'object' && value !== null ? ((value as { [MODEL_BRAND]?: ModelBrand })[MODEL_BRAND] ?? undefined) : undefined;
