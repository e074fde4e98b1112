import { DeclarationError, isAgentparityError } from '../../errors.js';
import type { PyJson } from '../../json/pyJson.js';
import type { DeclaredType } from '../../subagent/declaredType.js';
import { SubagentSetup } from '../../subagent/subagentSetup.js';
import { DECLARATION_FORMAT, type Declaration } from '../../types/declaration.js';
import { readDeclaration } from '../../types/readDeclaration.js';
import { readTypeExpr } from '../../types/readTypeExpr.js';
import type { AgentPlan } from '../agentPlan.js';
import { InternalSubagentSetup } from '../internalSubagentSetup.js';
import { locate } from '../locateError.js';
import type { SubagentSpec } from './specs.js';

/** The document's `types:` block, as the type references of sub-agent setups. */
export class DeclaredTypes {
  private readonly declaration: Declaration;

  constructor(declaration: Declaration | null) {
    this.declaration = declaration ?? readDeclaration(new Map([['format', DECLARATION_FORMAT]]));
  }

  /** The type a spec's `input_type`/`result_type` names: a model name or a type expression; null is `object`. */
  resolve(tree: PyJson | null, path: string): DeclaredType | null {
    if (tree === null) return null;
    const names = {
      enums: new Set((this.declaration.enums ?? []).map((e) => e.name)),
      models: new Set((this.declaration.models ?? []).map((m) => m.name)),
    };
    if (typeof tree !== 'string') return { declaration: this.declaration, expr: readTypeExpr(tree, path, names) };
    // A model named by itself: a problem with it is where the name is written.
    try {
      return { declaration: this.declaration, expr: readTypeExpr(new Map<string, PyJson>([['type', 'model'], ['name', tree]]), path, names) };
    } catch (error) {
      if (!(error instanceof DeclarationError)) throw error;
      throw new DeclarationError(error.message, { path, code: error.code, cause: error });
    }
  }
}

const setupOptions = (spec: SubagentSpec, types: DeclaredTypes) => ({
  description: spec.description ?? '',
  inputSchema: spec.inputSchema,
  inputType: types.resolve(spec.inputType, `${spec.path}.input_type`),
  resultType: types.resolve(spec.resultType, `${spec.path}.result_type`),
});

// A blank schema is refused where the schema is written; a type that gives no schema, where the type is.
const located = <T>(spec: SubagentSpec, build: () => T): T => {
  try {
    return build();
  } catch (error) {
    if (!isAgentparityError(error)) throw error;
    throw locate(error, error.kind === 'TypeError' ? `${spec.path}.input_type` : `${spec.path}.input_schema`);
  }
};

/** A setup declared in place: description, and an explicit schema or one derived from the input type. */
export const declaredSetup = (spec: SubagentSpec, types: DeclaredTypes): SubagentSetup => {
  const options = setupOptions(spec, types);
  return located(spec, () => new SubagentSetup(options));
};

/** The setup of an internal sub-agent, carrying the plan of the agent it refers to. */
export const internalSetup = (spec: SubagentSpec, types: DeclaredTypes, plan: AgentPlan | null): InternalSubagentSetup => {
  const options = setupOptions(spec, types);
  return located(spec, () => new InternalSubagentSetup(options, plan, spec.name));
};
