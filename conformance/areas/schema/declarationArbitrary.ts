import fc from 'fast-check';
import type { PyJson } from '../../../src/json/pyJson.js';
import { DECLARATION_FORMAT } from '../../../src/types/declaration.js';
import { pyObject } from '../../util/pyObject.js';
import { optionalFieldDefault, type DefaultScope } from './defaultArbitraries.js';
import { scalarFieldType, temporalFieldType } from './instanceValues.js';
import { aliasText, fieldName, memberName, typeNames } from './nameArbitraries.js';
import { constraintsFor, typeExpr, type TypeScope } from './typeExprArbitrary.js';
import { float, int, jsonValue, pythonEqualityKey, text } from './valueArbitraries.js';

type Node = Map<string, PyJson>;

/** The field every variant model starts with, which discriminated unions discriminate on. */
const TAG = 'kind';

const docText = fc.oneof(text, fc.constantFrom('First line.\n\n    Indented more.\n  Less.', '\n    Starts on the second line.\n    ', 'Ünïcödé docstring.'));

const extraKeys = fc.constantFrom('x-note', 'ui_order', 'Alpha', 'examples2', '10', '2');
const jsonSchemaExtra = fc.uniqueArray(fc.tuple(extraKeys, jsonValue), { minLength: 1, maxLength: 2, selector: ([k]) => k }).map((e) => new Map(e));

const enumDeclaration = (name: string): fc.Arbitrary<Node> =>
  fc.constantFrom('str', 'int', null).chain((base) => {
    const value: fc.Arbitrary<PyJson> = base === 'str' ? text : base === 'int' ? int : fc.oneof(text, int, float, fc.boolean());
    return fc
      .record({
        doc: fc.option(docText, { freq: 3 }),
        members: fc.uniqueArray(fc.tuple(memberName, value), { minLength: 1, maxLength: 4, selector: ([n]) => n }),
      })
      .map(({ doc, members }) => {
        // Two members equal under Python `==` are one member: keep the first.
        const seen = new Set<string>();
        const unique = members.filter(([, v]) => !seen.has(pythonEqualityKey(v)) && seen.add(pythonEqualityKey(v)));
        return pyObject([['name', name], ['doc', doc ?? undefined], ['base', base], ['members', unique.map(([n, v]) => pyObject([['name', n], ['value', v]]))]]);
      });
  });

/** The type of a field: anything in the grammar, or now and then a discriminated union of variant models. */
const fieldType = (types: fc.Arbitrary<Node>, variants: readonly string[]): fc.Arbitrary<{ type: Node; discriminator?: string }> => {
  const any = types.map((type) => ({ type }));
  if (variants.length < 2) return any;
  const tagged = fc
    .uniqueArray(fc.constantFrom(...variants), { minLength: 2, maxLength: 3 })
    .map((names) => ({ type: pyObject([['type', 'union'], ['members', names.map((n) => pyObject([['type', 'model'], ['name', n]]))]]), discriminator: TAG }));
  return fc.oneof({ weight: 5, arbitrary: any }, { weight: 1, arbitrary: tagged });
};

// Field-level constraints land on the type, or on X of Optional[X] (`constraintTarget`).
const fieldConstraints = (type: Node): fc.Arbitrary<Node | undefined> => {
  const members = type.get('type') === 'union' ? (type.get('members') as Node[]) : [type];
  const others = members.filter((m) => m.get('type') !== 'none');
  const target = others.length === 1 ? others[0]! : type;
  if (target.has('constraints')) return fc.constant(undefined);
  return fc.option(constraintsFor(String(target.get('type'))), { freq: 4 }).map((c) => c ?? undefined);
};

/**
 * A field's type; now and then one that takes an instance of a model that may be a default
 * (`fieldType` seldom draws one), and in such a model one that takes a date or time, or a number
 * or bool, so that model-instance defaults give dates, times and lax scalars often.
 */
const drawnType = (types: fc.Arbitrary<Node>, variants: readonly string[], defaults: DefaultScope, mustBeOptional: boolean): fc.Arbitrary<{ type: Node; discriminator?: string }> => {
  const choices: fc.WeightedArbitrary<{ type: Node; discriminator?: string }>[] = [{ weight: 8, arbitrary: fieldType(types, variants) }];
  const instances = [...defaults.defaultableModels.keys()];
  if (instances.length > 0) choices.push({ weight: 6, arbitrary: fc.constantFrom(...instances).map((name) => ({ type: pyObject([['type', 'model'], ['name', name]]) })) });
  if (mustBeOptional) {
    choices.push({ weight: 6, arbitrary: temporalFieldType.map((type) => ({ type })) });
    choices.push({ weight: 4, arbitrary: scalarFieldType.map((type) => ({ type })) });
  }
  return fc.oneof(...choices);
};

const field = (types: fc.Arbitrary<Node>, variants: readonly string[], defaults: DefaultScope, mustBeOptional: boolean): fc.Arbitrary<Node> =>
  fc
    .record({
      name: fieldName.filter((n) => n !== TAG),
      typed: drawnType(types, variants, defaults, mustBeOptional),
      required: mustBeOptional ? fc.constant(false) : fc.boolean(),
      alias: fc.option(aliasText, { freq: 5 }),
      validation_alias: fc.option(aliasText, { freq: 8 }),
      serialization_alias: fc.option(aliasText, { freq: 8 }),
      title: fc.option(text, { freq: 6 }),
      description: fc.option(text, { freq: 4 }),
      examples: fc.option(fc.array(jsonValue, { minLength: 1, maxLength: 2 }), { freq: 8 }),
      json_schema_extra: fc.option(jsonSchemaExtra, { freq: 8 }),
      deprecated: fc.option(fc.boolean(), { freq: 8 }),
    })
    .chain((f) =>
      fc.tuple(fieldConstraints(f.typed.type), f.required ? fc.constant(undefined) : optionalFieldDefault(f.typed.type, defaults, mustBeOptional)).map(([constraints, fallback]) => {
        // A field that cannot have a default (a model that needs fields) is required after all.
        const required = f.required || fallback === undefined;
        return pyObject([
          ['name', f.name],
          ['type', f.typed.type],
          ['required', required],
          ...(fallback === undefined ? [] : [fallback]),
          ['alias', f.alias ?? undefined],
          ['validation_alias', f.validation_alias ?? undefined],
          ['serialization_alias', f.serialization_alias ?? undefined],
          ['title', f.title ?? undefined],
          ['description', f.description ?? undefined],
          ['examples', f.examples ?? undefined],
          ['json_schema_extra', f.json_schema_extra ?? undefined],
          ['deprecated', f.deprecated ?? undefined],
          ['discriminator', f.typed.discriminator],
          ['constraints', constraints],
        ]);
      }),
    )
    // A model that is someone's default gets only fields with a default.
    .filter((f) => !mustBeOptional || f.get('required') === false);

const keyIn = (f: Node, mode: 'validation' | 'serialization'): string =>
  String(f.get(mode === 'validation' ? 'validation_alias' : 'serialization_alias') ?? f.get('alias') ?? f.get('name'));

// Field names and property keys are unique in a model (in each mode); later clashes are dropped.
const distinctFields = (fields: readonly Node[], reserved: readonly string[]): Node[] => {
  const names = new Set<string>(reserved);
  const keys = { validation: new Set<string>(reserved), serialization: new Set<string>(reserved) };
  return fields.filter((f) => {
    const name = String(f.get('name'));
    const [v, s] = [keyIn(f, 'validation'), keyIn(f, 'serialization')];
    if (names.has(name) || keys.validation.has(v) || keys.serialization.has(s)) return false;
    names.add(name);
    keys.validation.add(v);
    keys.serialization.add(s);
    return true;
  });
};

const computedField = fc.record({ name: fieldName, type: fc.constantFrom('str', 'int', 'float', 'bool'), description: fc.option(text, { freq: 3 }), title: fc.option(text, { freq: 4 }) });

const modelDeclaration = (name: string, types: fc.Arbitrary<Node>, variants: readonly string[], defaults: DefaultScope, variant: boolean, allOptional: boolean): fc.Arbitrary<Node> =>
  fc
    .record({
      doc: fc.option(docText, { freq: 2 }),
      config: fc.option(
        fc.record(
          { title: text, extra: fc.constantFrom('allow', 'ignore', 'forbid'), json_schema_extra: jsonSchemaExtra, json_schema_serialization_defaults_required: fc.boolean() },
          { requiredKeys: [] },
        ),
        { freq: 3 },
      ),
      fields: fc.array(field(types, variants, defaults, allOptional), { maxLength: 5 }),
      computed: fc.array(computedField, { maxLength: 2 }),
    })
    .map(({ doc, config, fields, computed }) => {
      const tag = variant ? [pyObject([['name', TAG], ['type', pyObject([['type', 'literal'], ['values', [name]]])], ['required', true]])] : [];
      const kept = [...tag, ...distinctFields(fields, variant ? [TAG] : [])];
      const names = new Set([...kept.map((f) => String(f.get('name'))), ...kept.map((f) => keyIn(f, 'serialization'))]);
      const computedFields = computed
        .filter((c) => !names.has(c.name) && names.add(c.name))
        .map((c) => pyObject([['name', c.name], ['return_type', pyObject([['type', c.type]])], ['description', c.description ?? undefined], ['title', c.title ?? undefined]]));
      return pyObject([
        ['name', name],
        ['doc', doc ?? undefined],
        ['config', config && Object.keys(config).length > 0 ? pyObject(Object.entries(config)) : undefined],
        ['fields', kept],
        ['computed_fields', computedFields.length > 0 ? computedFields : undefined],
      ]);
    });

/**
 * Random declarations over the whole type grammar, valid by construction but for the sets whose
 * order no implementation can print stably, which both readers refuse (`setElements`): enums of
 * every base, models that refer to each other and to themselves (recursion, root and mutual),
 * variant models for discriminated unions, defaults of every kind (model defaults only to models
 * declared earlier that need no field, so no default cycle, giving dates and times to some of
 * their fields), aliases, constraints, docstrings and config.
 */
export const declarationArbitrary: fc.Arbitrary<Node> = fc
  .record({ enumCount: fc.nat(2), modelCount: fc.integer({ min: 1, max: 4 }) })
  .chain(({ enumCount, modelCount }) =>
    fc.tuple(typeNames(enumCount + modelCount), fc.array(fc.boolean(), { minLength: modelCount, maxLength: modelCount }), fc.array(fc.boolean(), { minLength: modelCount, maxLength: modelCount })),
  )
  .chain(([names, variantFlags, optionalFlags]) => {
    const enumNames = names.slice(0, names.length - variantFlags.length);
    const modelNames = names.slice(enumNames.length);
    return fc.tuple(...enumNames.map(enumDeclaration)).chain((enums) => {
      const variants = modelNames.filter((_, i) => variantFlags[i]);
      const scope: TypeScope = { enums: enumNames, models: modelNames, variants: { tag: TAG, models: variants } };
      // Built once per declaration: building arbitraries costs as much as drawing from them.
      const types = typeExpr(scope, 2);
      const enumValues = new Map(enums.map((e) => [String(e.get('name')), (e.get('members') as Node[]).map((m) => m.get('value')!)]));
      // Each model after those before it: an instance default gives values to the fields of its model.
      const models = modelNames.reduce<fc.Arbitrary<Node[]>>(
        (before, name, i) =>
          before.chain((built) => {
            const defaultableModels = new Map(built.flatMap((model, j) => (optionalFlags[j] && !variantFlags[j] ? [[modelNames[j]!, model] as const] : [])));
            const allOptional = optionalFlags[i]! && !variantFlags[i];
            return modelDeclaration(name, types, variants, { enumValues, defaultableModels }, variantFlags[i]!, allOptional).map((model) => [...built, model]);
          }),
        fc.constant([]),
      );
      return fc.tuple(models, fc.constantFrom(...modelNames), fc.constantFrom(undefined, 'validation', 'serialization')).map(([built, root, mode]) =>
        pyObject([
          ['format', DECLARATION_FORMAT],
          ['root', root],
          ['mode', mode],
          ['enums', enums.length > 0 ? enums : undefined],
          ['models', built],
        ]),
      );
    });
  });
