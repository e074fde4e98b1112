import { NotFoundError } from '../../../errors.js';
import type { Declaration, EnumDeclaration, ModelDeclaration } from '../../declaration.js';

/** The module the Python reference gives every class it builds from a declaration. */
export const DECLARED_MODULE = 'agentparity.declared';

/** The models and enums of a declaration, by name, with the references pydantic gives them. */
export class DeclarationIndex {
  readonly models: ReadonlyMap<string, ModelDeclaration>;
  readonly enums: ReadonlyMap<string, EnumDeclaration>;
  private readonly refs = new Map<string, string>();

  constructor(readonly declaration: Declaration) {
    this.models = new Map((declaration.models ?? []).map((m) => [m.name, m]));
    this.enums = new Map((declaration.enums ?? []).map((e) => [e.name, e]));
  }

  model(name: string): ModelDeclaration {
    const model = this.models.get(name);
    if (model === undefined) throw new NotFoundError(`model ${JSON.stringify(name)} is not declared`, { code: 'MODEL_NOT_DECLARED' });
    return model;
  }

  enum(name: string): EnumDeclaration {
    const found = this.enums.get(name);
    if (found === undefined) throw new NotFoundError(`enum ${JSON.stringify(name)} is not declared`, { code: 'ENUM_NOT_DECLARED' });
    return found;
  }

  /** The reference of a model or enum: one per name, `module.qualname:id` as in pydantic. */
  refOf(kind: 'model' | 'enum', name: string): string {
    const key = `${kind}:${name}`;
    let ref = this.refs.get(key);
    if (ref === undefined) {
      ref = `${DECLARED_MODULE}.${name}:${this.refs.size + 1}`;
      this.refs.set(key, ref);
    }
    return ref;
  }
}
