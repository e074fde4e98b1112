import fc from 'fast-check';
import { PyFloat, type PyJson } from '../../../src/json/pyJson.js';
import { pyObject } from '../../util/pyObject.js';
import { instanceValue } from './instanceValues.js';
import { dateText, datetimeText, decimalText, durationText, float, int, jsonValue, scalar, setElements, text, timeText, uuidText } from './valueArbitraries.js';

/** What a default may name: enum members, and the models whose instance `{}` is a valid default. */
export interface DefaultScope {
  readonly enumValues: ReadonlyMap<string, readonly PyJson[]>;
  /** Models with no required field, declared before the one being built (no default cycles), by name. */
  readonly defaultableModels: ReadonlyMap<string, Node>;
}

type Node = Map<string, PyJson>;

const node = (kind: string, value: PyJson, target?: readonly [string, string]): Node => pyObject([['kind', kind], ...(target ? [target] : []), ['value', value]]);

/** The kind Python gives a plain JSON value. */
const kindOfValue = (value: PyJson): string => {
  if (value === null) return 'null';
  if (value instanceof PyFloat) return 'float';
  if (typeof value === 'string') return 'str';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number' || typeof value === 'bigint') return 'int';
  return Array.isArray(value) ? 'list' : 'dict';
};

const ofValue = (values: fc.Arbitrary<PyJson>): fc.Arbitrary<Node> => values.map((value) => node(kindOfValue(value), value));

/**
 * A default that fits a declared type (pydantic does not check, but a model default is built,
 * and a default of another type would only test pydantic's serializer warnings), or undefined
 * where none can be given (a model that needs fields).
 */
export const defaultFor = (type: Node, scope: DefaultScope): fc.Arbitrary<Node | undefined> => {
  const kind = String(type.get('type'));
  switch (kind) {
    case 'str':
      return text.map((v) => node('str', v));
    case 'int':
      return int.map((v) => node('int', v));
    case 'float':
      return fc.oneof(float.map((v) => node('float', v)), int.map((v) => node('int', v)));
    case 'bool':
      return fc.boolean().map((v) => node('bool', v));
    case 'bytes':
      return fc.string({ maxLength: 6 }).map((v) => node('bytes', v));
    case 'none':
      return fc.constant(node('null', null));
    case 'any':
      return ofValue(jsonValue);
    case 'datetime':
      return datetimeText.map((v) => node('datetime', v));
    case 'date':
      return dateText.map((v) => node('date', v));
    case 'time':
      return timeText.map((v) => node('time', v));
    case 'timedelta':
      return durationText.map((v) => node('timedelta', v));
    case 'uuid':
      return uuidText.map((v) => node('uuid', v));
    case 'decimal':
      return decimalText.map((v) => node('decimal', v));
    case 'url':
      return fc.constantFrom('https://example.com/', 'http://a.b/c?d=é').map((v) => node('str', v));
    case 'list':
    case 'tuple':
      return fc.array(scalar, { maxLength: 3 }).map((v) => node(kind, v));
    case 'set':
    case 'frozenset':
      return setElements.map((v) => node(kind, v));
    case 'dict':
      return jsonValue.filter((v) => v instanceof Map).map((v) => node('dict', v));
    case 'literal':
      return ofValue(fc.constantFrom(...(type.get('values') as PyJson[])));
    case 'enum': {
      const name = String(type.get('name'));
      return fc.constantFrom(...(scope.enumValues.get(name) ?? [])).map((v) => node('enum', v, ['enum', name]));
    }
    case 'model': {
      const name = String(type.get('name'));
      const model = scope.defaultableModels.get(name);
      return model === undefined ? fc.constant(undefined) : instanceValue(model).map((value) => node('model', value, ['model', name]));
    }
    case 'union': {
      const members = type.get('members') as Node[];
      return fc.oneof(...members.map((member) => defaultFor(member, scope)));
    }
    default:
      return fc.constant(undefined);
  }
};

const FACTORY_FITS: Readonly<Record<string, string>> = { list: 'list', dict: 'dict', set: 'set' };

/**
 * A default or a default factory for a field that is not required; undefined when it has
 * neither. With `fitting`, only what fits the type: the model is someone's default, and
 * dumping that instance runs each field's serializer.
 */
export const optionalFieldDefault = (type: Node, scope: DefaultScope, fitting = false): fc.Arbitrary<readonly [string, Node] | undefined> => {
  const fitted = defaultFor(type, scope).map((d) => (d === undefined ? undefined : (['default', d] as const)));
  if (fitting) {
    const builtin = FACTORY_FITS[String(type.get('type'))];
    return builtin === undefined ? fitted : fc.oneof(fitted, fc.constant(['default_factory', pyObject([['builtin', builtin]])] as const));
  }
  return fc.oneof(
    { weight: 6, arbitrary: defaultFor(type, scope).map((d) => (d === undefined ? undefined : (['default', d] as const))) },
    // pydantic does not check a default: `x: int = None` shows `"default": null`.
    { weight: 1, arbitrary: fc.constant(['default', node('null', null)] as const) },
    { weight: 2, arbitrary: fc.constantFrom('list', 'dict', 'set').map((builtin) => ['default_factory', pyObject([['builtin', builtin]])] as const) },
    { weight: 1, arbitrary: defaultFor(type, scope).map((d) => (d === undefined ? undefined : (['default_factory', pyObject([['returns', d]])] as const))) },
  );
};
