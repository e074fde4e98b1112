import { describe, expect, it } from 'vitest';
import { DeclarationError } from '../../../src/errors.js';
import { parseYaml } from '../../../src/json/parseYaml.js';
import { PyFloat, type PyJson } from '../../../src/json/pyJson.js';
import { computed, d, declaration, defineEnum, defineModel, field, t } from '../../../src/types/builder.js';
import { readDeclaration } from '../../../src/types/readDeclaration.js';

const read = (text: string) => readDeclaration(parseYaml(`format: pydantic-neutral-declaration/1\n${text}`));

describe('types/builder', () => {
  it('builds the review model of the upstream example', () => {
    const Review = defineModel('Review', { path: t.str(), lines: field(t.int(), { default: 0 }) });
    expect(declaration({ root: Review, models: [Review] })).toEqual(
      read(`root: Review
models:
  - name: Review
    fields:
      - {name: path, type: {type: str}, required: true}
      - {name: lines, type: {type: int}, required: false, default: {kind: int, value: 0}}
`),
    );
  });

  it('builds a discriminator on a union below a field', () => {
    const Cat = defineModel('Cat', { kind: t.literal('cat') });
    const Dog = defineModel('Dog', { kind: t.literal('dog') });
    const Owner = defineModel('Owner', { pets: t.list(t.optional(t.tagged('kind', [t.model(Cat), t.model(Dog)]))) });
    expect(declaration({ root: Owner, models: [Cat, Dog, Owner] })).toEqual(
      read(`root: Owner
models:
  - {name: Cat, fields: [{name: kind, type: {type: literal, values: [cat]}, required: true}]}
  - {name: Dog, fields: [{name: kind, type: {type: literal, values: [dog]}, required: true}]}
  - name: Owner
    fields:
      - name: pets
        type: {type: list, items: {type: union, members: [{type: union, members: [{type: model, name: Cat}, {type: model, name: Dog}], discriminator: kind}, {type: none}]}}
        required: true
`),
    );
  });

  it('records int and float defaults by the field type', () => {
    const Ratios = defineModel('Ratios', {
      whole: field(t.float(), { default: 2 }),
      half: field(t.float(), { default: 0.5 }),
      count: field(t.int(), { default: 2 }),
      maybe: field(t.optional(t.float()), { default: 3 }),
      stated: field(t.any(), { default: d.float(4) }),
    });
    const [whole, half, count, maybe, stated] = declaration({ models: [Ratios] }).models![0]!.fields;
    expect(whole!.default).toEqual({ value: new PyFloat(2), kind: 'float' });
    expect(half!.default).toEqual({ value: 0.5, kind: 'float' });
    expect(count!.default).toEqual({ value: 2, kind: 'int' });
    expect(maybe!.default).toEqual({ value: new PyFloat(3), kind: 'float' });
    expect(stated!.default).toEqual({ value: new PyFloat(4), kind: 'float' });
  });

  it('builds the same declaration as one written out by hand', () => {
    const Color = defineEnum('Color', { RED: 'r', GREEN: 'g' }, { doc: 'Paint colors.', base: 'str' });
    const Address = defineModel('Address', { city: t.str() });
    const Order = defineModel(
      'Order',
      {
        id: field(t.uuid(), { alias: 'orderId', description: 'The order', examples: ['12345678-1234-5678-1234-567812345678'] }),
        color: field(t.enum(Color), { default: 'g' }),
        ship_to: field(t.model(Address), { default: { city: 'Oslo' } }),
        items: field(t.list(t.str(), { min_length: 1 }), { factory: 'list' }),
        pair: field(t.tuple([t.int(), t.str()]), { default: [1, 'a'] }),
        rest: field(t.tupleOf(t.float()), { factory: { returns: d.tuple([]) } }),
        meta: field(t.dict(t.str(), t.any()), { default: { b: 1, a: 2 }, json_schema_extra: { 'x-z': true } }),
        kind: field(t.literal('a', 1, null), { default: 'a' }),
        parent: field(t.optional(t.model('Order')), { default: null }),
        price: field(t.decimal({ ge: new PyFloat(0) }), { default: '1.50', serialization_alias: 'cost' }),
        tags: field(t.frozenset(t.str()), { default: d.frozenset(['x']) }),
        link: field(t.union([t.url('http'), t.none()]), { default: null, deprecated: true, title: 'Link' }),
      },
      { doc: 'An order.', config: { extra: 'forbid', json_schema_extra: { 'x-a': 1 } }, computed: { total: computed(t.float(), { description: 'Sum' }) } },
    );
    const built = declaration({ root: Order, mode: 'serialization', enums: [Color], models: [Order, Address] });
    const written = read(`root: Order
mode: serialization
enums:
  - {name: Color, doc: Paint colors., base: str, members: [{name: RED, value: r}, {name: GREEN, value: g}]}
models:
  - name: Order
    doc: An order.
    config: {extra: forbid, json_schema_extra: {x-a: 1}}
    fields:
      - {name: id, type: {type: uuid}, required: true, alias: orderId, description: The order, examples: [12345678-1234-5678-1234-567812345678]}
      - {name: color, type: {type: enum, name: Color}, required: false, default: {kind: enum, enum: Color, value: g}}
      - {name: ship_to, type: {type: model, name: Address}, required: false, default: {kind: model, model: Address, value: {city: Oslo}}}
      - {name: items, type: {type: list, items: {type: str}, constraints: {min_length: 1}}, required: false, default_factory: {builtin: list}}
      - {name: pair, type: {type: tuple, items: [{type: int}, {type: str}]}, required: false, default: {kind: tuple, value: [1, a]}}
      - {name: rest, type: {type: tuple, items: [{type: float}], variadic: true}, required: false, default_factory: {returns: {kind: tuple, value: []}}}
      - {name: meta, type: {type: dict, keys: {type: str}, values: {type: any}}, required: false, default: {kind: dict, value: {b: 1, a: 2}}, json_schema_extra: {x-z: true}}
      - {name: kind, type: {type: literal, values: [a, 1, null]}, required: false, default: {kind: str, value: a}}
      - {name: parent, type: {type: union, members: [{type: model, name: Order}, {type: none}]}, required: false, default: {kind: "null", value: null}}
      - {name: price, type: {type: decimal, constraints: {ge: 0.0}}, required: false, default: {kind: decimal, value: "1.50"}, serialization_alias: cost}
      - {name: tags, type: {type: frozenset, items: {type: str}}, required: false, default: {kind: frozenset, value: [x]}}
      - {name: link, type: {type: union, members: [{type: url, variant: http}, {type: none}]}, required: false, default: {kind: "null", value: null}, title: Link, deprecated: true}
    computed_fields:
      - {name: total, return_type: {type: float}, description: Sum}
  - name: Address
    fields:
      - {name: city, type: {type: str}, required: true}
`);
    expect(built).toEqual(written);
    // Object values become Maps in written order, as the readers give them.
    const meta = built.models![0]!.fields[6]!.default!.value as ReadonlyMap<string, PyJson>;
    expect([...meta.keys()]).toEqual(['b', 'a']);
  });

  it('passes its output through readDeclaration, so mistakes fail as they would in a file', () => {
    const Bad = defineModel('Bad', { lines: field(t.int(), { default: 2.5 }) });
    expect(() => declaration({ models: [Bad] })).toThrow(DeclarationError);
    expect(() => declaration({ models: [Bad] })).toThrow('a default of kind "int" needs an integer, got 2.5');
    const Orphan = defineModel('Orphan', { where: t.model('Nowhere') });
    expect(() => declaration({ models: [Orphan] })).toThrow('model "Nowhere" is not declared');
  });
});
