// The package barrel: the public API, by explicit name.
export { AgentparityError, DeclarationError, InvalidTypeError, InvalidValueError, NotFoundError, NotSupportedError, TypeValidationError, isAgentparityError, type ErrorKind } from './errors.js';
export { PyFloat, type PyJson } from './json/pyJson.js';
export { parsePyJson } from './json/parsePyJson.js';
export { parseYaml } from './json/parseYaml.js';
export { writePyJson } from './json/writePyJson.js';
export {
  DECLARATION_FORMAT,
  type ComputedFieldDeclaration,
  type Constraints,
  type Declaration,
  type DefaultFactory,
  type DefaultKind,
  type DefaultValue,
  type EnumDeclaration,
  type EnumMember,
  type FieldDeclaration,
  type ModelConfig,
  type ModelDeclaration,
  type SchemaMode,
  type TypeExpr,
} from './types/declaration.js';
export { DeclarationFileError, loadDeclaration, readDeclaration } from './types/readDeclaration.js';
export { computed, d, declaration, defineEnum, defineModel, field, t, type BuilderValue, type FieldOptions, type ModelOptions } from './types/builder.js';
export { CALLABLE_NAME_PREFIX } from './subagent/callableNamePrefix.js';
export type { DeclaredType } from './subagent/declaredType.js';
export { BLANK_SCHEMA_MESSAGE, SubagentSetup, inputSchemaFrom, type SubagentSetupJson, type SubagentSetupOptions } from './subagent/subagentSetup.js';
export { SubagentFailure, SubagentResult } from './subagent/subagentResult.js';
export { SubagentFuture } from './subagent/subagentFuture.js';
export { SubagentFutures } from './subagent/subagentFutures.js';
