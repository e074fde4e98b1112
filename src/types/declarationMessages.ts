import { DECLARATION_FORMAT } from './declaration.js';
import { pyRepr } from '../python/pyRepr.js';
import { quote, show } from './declarationTree.js';

// pydantic's own words after a list member of a discriminated union.
const LIST_HINT =
  ' If you are making use of a list of union types, make sure the discriminator is applied to the union type and not the list' +
  ' (e.g. `list[Annotated[<T> | <U>, Field(discriminator=...)]]`).';

/**
 * The messages of `DeclarationError`, word for word the table "Declaration errors" in
 * docs/internals.md. The Python reference (`types/declaration_messages.py`) says exactly the same.
 * The generic ones (`expected ...`, `missing required key ...`, `unknown key ...`,
 * `expected one of ...`) live in declarationTree.ts.
 */
export const msg = {
  unsupportedFormat: (value: string) => `unsupported format ${quote(value)}, expected ${quote(DECLARATION_FORMAT)}`,
  notPythonName: (name: string) => `${quote(name)} is not a valid Python name`,
  privateField: (name: string) => `field name ${quote(name)} starts with an underscore, which pydantic treats as private`,
  shadowsBaseModel: (name: string) => `field name ${quote(name)} shadows a pydantic BaseModel attribute`,
  memberUnderscore: (name: string) => `enum member name ${quote(name)} starts with an underscore`,
  memberReserved: (name: string) => `enum member name ${quote(name)} is reserved by Enum`,
  duplicateEnum: (name: string) => `duplicate enum name ${quote(name)}`,
  duplicateModel: (name: string) => `duplicate model name ${quote(name)}`,
  enumAndModel: (name: string) => `${quote(name)} is declared both as an enum and as a model`,
  defsKeyClash: (name: string, other: string, key: string) =>
    `${quote(name)} and ${quote(other)} share the $defs key ${quote(key)}`,
  duplicateField: (name: string) => `duplicate field name ${quote(name)}`,
  duplicatePropertyKey: (key: string, mode: string) => `duplicate property key ${quote(key)} in ${mode} mode`,
  duplicateMemberName: (name: string) => `duplicate enum member name ${quote(name)}`,
  duplicateMemberValue: (value: unknown) => `duplicate enum member value ${show(value)}`,
  emptyEnum: () => 'an enum needs at least one member',
  enumBase: (base: string, what: string, value: unknown) =>
    `an enum with base ${quote(base)} needs ${what} values, got ${show(value)}`,
  unknownEnum: (name: string) => `enum ${quote(name)} is not declared`,
  unknownModel: (name: string) => `model ${quote(name)} is not declared`,
  unknownType: (name: string) => `unknown type ${quote(name)}`,
  emptyUnion: () => 'a union needs at least one member',
  duplicateUnionMember: () => 'duplicate union member',
  emptyLiteral: () => 'a literal needs at least one value',
  duplicateLiteral: (value: unknown) => `duplicate literal value ${show(value)}`,
  variadicItems: () => 'a variadic tuple needs exactly one item type',
  nonFinite: (value: unknown) => `expected a finite number, got ${show(value)}`,
  requiredWithDefault: (key: string) => `a required field cannot have a ${key}`,
  optionalWithoutDefault: () => 'a field that is not required needs a default or a default_factory',
  defaultAndFactory: () => 'a field cannot have both a default and a default_factory',
  unknownDefaultKind: (kind: string) => `unknown default kind ${quote(kind)}`,
  keyNeedsKind: (key: string) => `key ${quote(key)} is only allowed with kind ${quote(key)}`,
  defaultMismatch: (kind: string, what: string, value: unknown) =>
    `a default of kind ${quote(kind)} needs ${what}, got ${show(value)}`,
  noEnumMember: (name: string, value: unknown) => `enum ${quote(name)} has no member with value ${show(value)}`,
  duplicateSetElement: (value: unknown) => `duplicate set element ${show(value)}`,
  unsortableSet: () => 'a set default of mixed types has no stable order (pydantic cannot sort it)',
  factoryOneOf: () => 'a default_factory needs exactly one of "builtin" or "returns"',
  unknownConstraint: (key: string) => `unknown constraint ${quote(key)}`,
  constraintNotApplicable: (key: string, type: string) => `constraint ${quote(key)} does not apply to type ${quote(type)}`,
  multipleOfZero: () => 'constraint "multiple_of" must not be 0',
  intConstraint: (key: string, value: unknown) => `constraint ${quote(key)} on type "int" needs an integer (a float only whole and within 64 bits), got ${show(value)}`,
  discriminatorNeedsUnion: (key: string) => `discriminator ${quote(key)} needs a union of models`,
  discriminatorTwice: () => 'a discriminator on both the field and its union type',
  discriminatorVariant: (coreType: string) =>
    `The core schema type '${coreType}' is not a valid discriminated union variant.${coreType === 'list' ? LIST_HINT : ''}`,
  discriminatorFieldMissing: (model: string, key: string) => `Model ${pyRepr(model)} needs a discriminator field for key ${pyRepr(key)}`,
  discriminatorNotLiteral: (model: string, key: string) => `Model ${pyRepr(model)} needs field ${pyRepr(key)} to be of type \`Literal\``,
  discriminatorValueType: (model: string, value: unknown) =>
    `discriminator value ${show(value)} of model ${quote(model)} is not a string or an integer`,
  discriminatorValueClash: (tag: string, first: string, second: string) =>
    `discriminator value ${quote(tag)} is used by both ${quote(first)} and ${quote(second)}`,
  discriminatorAlias: (key: string, model: string, property: string, first: string, firstProperty: string) =>
    `discriminator field ${quote(key)} has property key ${quote(property)} in ${quote(model)} but ${quote(firstProperty)} in ${quote(first)}`,
  defaultCycle: (names: readonly string[]) => `model default cycle: ${names.join(' -> ')}`,
  defaultNeedsItself: (labels: readonly string[]) => `a model-instance default that needs itself to be made: ${labels.join(' -> ')}`,
  unreadDefaultValue: (type: string) => `a model-instance default gives a value to a type that holds ${quote(type)}, which only the Python reference reads`,
  refusedDefault: (model: string, message: string, where: string) => `model ${quote(model)} refuses the default: ${message}${where === '' ? '' : ` at ${where}`}`,
  overflowingDefault: (model: string, message: string) => `model ${quote(model)} cannot make the default: OverflowError: ${message}`,
  takesUnstableSet: (label: string) => `the instance takes the set default of ${quote(label)}, whose strings Python prints in hash order, which changes from run to run`,
  holdsUnstableSet: () => "a set inside a model-instance default is printed in Python's hash order, which changes from run to run",
} as const;
