import { DECLARATION_FORMAT } from './declaration.js';
import { pyRepr } from '../python/pyRepr.js';
import { quote, refusal, show, type Refusal } from './declarationTree.js';

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
  unsupportedFormat: (value: string): Refusal => refusal('DECLARATION_UNSUPPORTED_FORMAT', `unsupported format ${quote(value)}, expected ${quote(DECLARATION_FORMAT)}`),
  notPythonName: (name: string): Refusal => refusal('DECLARATION_NOT_PYTHON_NAME', `${quote(name)} is not a valid Python name`),
  privateField: (name: string): Refusal => refusal('DECLARATION_PRIVATE_FIELD', `field name ${quote(name)} starts with an underscore, which pydantic treats as private`),
  shadowsBaseModel: (name: string): Refusal => refusal('DECLARATION_SHADOWS_BASE_MODEL', `field name ${quote(name)} shadows a pydantic BaseModel attribute`),
  memberUnderscore: (name: string): Refusal => refusal('DECLARATION_MEMBER_UNDERSCORE', `enum member name ${quote(name)} starts with an underscore`),
  memberReserved: (name: string): Refusal => refusal('DECLARATION_MEMBER_RESERVED', `enum member name ${quote(name)} is reserved by Enum`),
  duplicateEnum: (name: string): Refusal => refusal('DECLARATION_DUPLICATE_ENUM', `duplicate enum name ${quote(name)}`),
  duplicateModel: (name: string): Refusal => refusal('DECLARATION_DUPLICATE_MODEL', `duplicate model name ${quote(name)}`),
  enumAndModel: (name: string): Refusal => refusal('DECLARATION_ENUM_AND_MODEL', `${quote(name)} is declared both as an enum and as a model`),
  defsKeyClash: (name: string, other: string, key: string): Refusal =>
    refusal('DECLARATION_DEFS_KEY_CLASH', `${quote(name)} and ${quote(other)} share the $defs key ${quote(key)}`),
  duplicateField: (name: string): Refusal => refusal('DECLARATION_DUPLICATE_FIELD', `duplicate field name ${quote(name)}`),
  duplicatePropertyKey: (key: string, mode: string): Refusal => refusal('DECLARATION_DUPLICATE_PROPERTY_KEY', `duplicate property key ${quote(key)} in ${mode} mode`),
  duplicateMemberName: (name: string): Refusal => refusal('DECLARATION_DUPLICATE_MEMBER_NAME', `duplicate enum member name ${quote(name)}`),
  duplicateMemberValue: (value: unknown): Refusal => refusal('DECLARATION_DUPLICATE_MEMBER_VALUE', `duplicate enum member value ${show(value)}`),
  emptyEnum: (): Refusal => refusal('DECLARATION_EMPTY_ENUM', 'an enum needs at least one member'),
  enumBase: (base: string, what: string, value: unknown): Refusal =>
    refusal('DECLARATION_ENUM_BASE', `an enum with base ${quote(base)} needs ${what} values, got ${show(value)}`),
  unknownEnum: (name: string): Refusal => refusal('DECLARATION_UNKNOWN_ENUM', `enum ${quote(name)} is not declared`),
  unknownModel: (name: string): Refusal => refusal('DECLARATION_UNKNOWN_MODEL', `model ${quote(name)} is not declared`),
  unknownType: (name: string): Refusal => refusal('DECLARATION_UNKNOWN_TYPE', `unknown type ${quote(name)}`),
  emptyUnion: (): Refusal => refusal('DECLARATION_EMPTY_UNION', 'a union needs at least one member'),
  duplicateUnionMember: (): Refusal => refusal('DECLARATION_DUPLICATE_UNION_MEMBER', 'duplicate union member'),
  emptyLiteral: (): Refusal => refusal('DECLARATION_EMPTY_LITERAL', 'a literal needs at least one value'),
  duplicateLiteral: (value: unknown): Refusal => refusal('DECLARATION_DUPLICATE_LITERAL', `duplicate literal value ${show(value)}`),
  variadicItems: (): Refusal => refusal('DECLARATION_VARIADIC_ITEMS', 'a variadic tuple needs exactly one item type'),
  nonFinite: (value: unknown): Refusal => refusal('DECLARATION_NON_FINITE', `expected a finite number, got ${show(value)}`),
  requiredWithDefault: (key: string): Refusal => refusal('DECLARATION_REQUIRED_WITH_DEFAULT', `a required field cannot have a ${key}`),
  optionalWithoutDefault: (): Refusal => refusal('DECLARATION_OPTIONAL_WITHOUT_DEFAULT', 'a field that is not required needs a default or a default_factory'),
  defaultAndFactory: (): Refusal => refusal('DECLARATION_DEFAULT_AND_FACTORY', 'a field cannot have both a default and a default_factory'),
  unknownDefaultKind: (kind: string): Refusal => refusal('DECLARATION_UNKNOWN_DEFAULT_KIND', `unknown default kind ${quote(kind)}`),
  keyNeedsKind: (key: string): Refusal => refusal('DECLARATION_KEY_NEEDS_KIND', `key ${quote(key)} is only allowed with kind ${quote(key)}`),
  defaultMismatch: (kind: string, what: string, value: unknown): Refusal =>
    refusal('DECLARATION_DEFAULT_MISMATCH', `a default of kind ${quote(kind)} needs ${what}, got ${show(value)}`),
  noEnumMember: (name: string, value: unknown): Refusal => refusal('DECLARATION_NO_ENUM_MEMBER', `enum ${quote(name)} has no member with value ${show(value)}`),
  duplicateSetElement: (value: unknown): Refusal => refusal('DECLARATION_DUPLICATE_SET_ELEMENT', `duplicate set element ${show(value)}`),
  unsortableSet: (): Refusal => refusal('DECLARATION_UNSORTABLE_SET', 'a set default of mixed types has no stable order (pydantic cannot sort it)'),
  factoryOneOf: (): Refusal => refusal('DECLARATION_FACTORY_ONE_OF', 'a default_factory needs exactly one of "builtin" or "returns"'),
  unknownConstraint: (key: string): Refusal => refusal('DECLARATION_UNKNOWN_CONSTRAINT', `unknown constraint ${quote(key)}`),
  constraintNotApplicable: (key: string, type: string): Refusal => refusal('DECLARATION_CONSTRAINT_NOT_APPLICABLE', `constraint ${quote(key)} does not apply to type ${quote(type)}`),
  multipleOfZero: (): Refusal => refusal('DECLARATION_MULTIPLE_OF_ZERO', 'constraint "multiple_of" must not be 0'),
  intConstraint: (key: string, value: unknown): Refusal => refusal('DECLARATION_INT_CONSTRAINT', `constraint ${quote(key)} on type "int" needs an integer (a float only whole and within 64 bits), got ${show(value)}`),
  discriminatorNeedsUnion: (key: string): Refusal => refusal('DECLARATION_DISCRIMINATOR_NEEDS_UNION', `discriminator ${quote(key)} needs a union of models`),
  discriminatorTwice: (): Refusal => refusal('DECLARATION_DISCRIMINATOR_TWICE', 'a discriminator on both the field and its union type'),
  discriminatorVariant: (coreType: string): Refusal =>
    refusal('DECLARATION_DISCRIMINATOR_VARIANT', `The core schema type '${coreType}' is not a valid discriminated union variant.${coreType === 'list' ? LIST_HINT : ''}`),
  discriminatorFieldMissing: (model: string, key: string): Refusal => refusal('DECLARATION_DISCRIMINATOR_FIELD_MISSING', `Model ${pyRepr(model)} needs a discriminator field for key ${pyRepr(key)}`),
  discriminatorNotLiteral: (model: string, key: string): Refusal => refusal('DECLARATION_DISCRIMINATOR_NOT_LITERAL', `Model ${pyRepr(model)} needs field ${pyRepr(key)} to be of type \`Literal\``),
  discriminatorValueType: (model: string, value: unknown): Refusal =>
    refusal('DECLARATION_DISCRIMINATOR_VALUE_TYPE', `discriminator value ${show(value)} of model ${quote(model)} is not a string or an integer`),
  discriminatorValueClash: (tag: string, first: string, second: string): Refusal =>
    refusal('DECLARATION_DISCRIMINATOR_VALUE_CLASH', `discriminator value ${quote(tag)} is used by both ${quote(first)} and ${quote(second)}`),
  discriminatorAlias: (key: string, model: string, property: string, first: string, firstProperty: string): Refusal =>
    refusal('DECLARATION_DISCRIMINATOR_ALIAS', `discriminator field ${quote(key)} has property key ${quote(property)} in ${quote(model)} but ${quote(firstProperty)} in ${quote(first)}`),
  defaultCycle: (names: readonly string[]): Refusal => refusal('DECLARATION_DEFAULT_CYCLE', `model default cycle: ${names.join(' -> ')}`),
  defaultNeedsItself: (labels: readonly string[]): Refusal => refusal('DECLARATION_DEFAULT_NEEDS_ITSELF', `a model-instance default that needs itself to be made: ${labels.join(' -> ')}`),
  unreadDefaultValue: (type: string): Refusal => refusal('DECLARATION_UNREAD_DEFAULT_VALUE', `a model-instance default gives a value to a type that holds ${quote(type)}, which only the Python reference reads`),
  refusedDefault: (model: string, message: string, where: string): Refusal => refusal('DECLARATION_REFUSED_DEFAULT', `model ${quote(model)} refuses the default: ${message}${where === '' ? '' : ` at ${where}`}`),
  overflowingDefault: (model: string, message: string): Refusal => refusal('DECLARATION_OVERFLOWING_DEFAULT', `model ${quote(model)} cannot make the default: OverflowError: ${message}`),
  takesUnstableSet: (label: string): Refusal => refusal('DECLARATION_TAKES_UNSTABLE_SET', `the instance takes the set default of ${quote(label)}, whose strings Python prints in hash order, which changes from run to run`),
  holdsUnstableSet: (): Refusal => refusal('DECLARATION_HOLDS_UNSTABLE_SET', "a set inside a model-instance default is printed in Python's hash order, which changes from run to run"),
} as const;
