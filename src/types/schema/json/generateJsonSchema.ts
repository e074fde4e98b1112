import type { PyJson } from '../../../json/pyJson.js';
import type { ModelConfig, SchemaMode } from '../../declaration.js';
import { SchemaRenderError } from '../../schemaRenderError.js';
import { type CoreSchema, type CoreSchemaOf, type CoreSchemaType, isReferenced } from '../core/coreSchema.js';
import type { DeclarationIndex } from '../core/declarationIndex.js';
import { frozensetSchema, dictSchema, listSchema, setSchema, tupleSchema } from './containerSchemas.js';
import { DefsNaming, jsonRefOf } from './defsNaming.js';
import { collectGarbage, countJsonRefs, refusedUnlessExternal } from './definitionUse.js';
import type { DefsRef, JsonRef, JsonSchema } from './jsonSchema.js';
import { enumSchema, modelSchema } from './modelSchemas.js';
import * as scalars from './scalarSchemas.js';
import { remapAndSort } from './sortSchema.js';
import { nullableSchema, taggedUnionSchema, unionSchema } from './unionSchemas.js';
import {
  type DefinitionsContext,
  chainSchema,
  defaultSchema,
  deferredDiscriminatorSchema,
  definitionRefSchema,
  definitionsSchema,
  functionAfterSchema,
  unappliedDiscriminatorSchema,
} from './wrapperSchemas.js';

type Handler<K extends CoreSchemaType> = (ctx: DefinitionsContext, schema: CoreSchemaOf<K>) => JsonSchema;

/** One generator per core schema kind; the mapped type makes the compiler demand every kind. */
const HANDLERS: { readonly [K in CoreSchemaType]: Handler<K> } = {
  any: scalars.anySchema,
  none: scalars.noneSchema,
  bool: scalars.boolSchema,
  int: scalars.intSchema,
  float: scalars.floatSchema,
  decimal: scalars.decimalSchema,
  str: scalars.strSchema,
  bytes: scalars.bytesSchema,
  date: scalars.dateSchema,
  time: scalars.timeSchema,
  datetime: scalars.datetimeSchema,
  timedelta: scalars.timedeltaSchema,
  uuid: scalars.uuidSchema,
  url: scalars.urlSchema,
  callable: scalars.callableSchema,
  literal: scalars.literalSchema,
  list: listSchema,
  set: setSchema,
  frozenset: frozensetSchema,
  tuple: tupleSchema,
  dict: dictSchema,
  enum: enumSchema,
  model: modelSchema,
  'definition-ref': definitionRefSchema,
  definitions: definitionsSchema,
  nullable: nullableSchema,
  union: unionSchema,
  'tagged-union': taggedUnionSchema,
  default: defaultSchema,
  'function-after': functionAfterSchema,
  chain: chainSchema,
  'deferred-discriminator': deferredDiscriminatorSchema,
  'unapplied-discriminator': unappliedDiscriminatorSchema,
};

/**
 * pydantic's `GenerateJsonSchema`, for one schema in one mode: generation with definitions kept
 * aside, then the post-processing steps in pydantic's order (root `$ref` unpacking, unused
 * definitions dropped, `$defs` names settled, keys sorted).
 */
export class GenerateJsonSchema implements DefinitionsContext {
  private readonly definitions = new Map<DefsRef, JsonSchema>();
  private readonly coreToDefs = new Map<string, DefsRef>();
  private readonly jsonToDefs = new Map<JsonRef, DefsRef>();
  private readonly invalidDefinitions = new Map<DefsRef, SchemaRenderError>();
  private readonly naming: DefsNaming;
  private readonly configs: ModelConfig[] = [];
  private used = false;

  constructor(
    readonly index: DeclarationIndex,
    readonly mode: SchemaMode,
  ) {
    this.naming = new DefsNaming(mode);
  }

  get config(): ModelConfig {
    return this.configs[this.configs.length - 1] ?? {};
  }

  withConfig<T>(config: ModelConfig, run: () => T): T {
    this.configs.push(config);
    try {
      return run();
    } finally {
      this.configs.pop();
    }
  }

  generate(schema: CoreSchema): PyJson {
    if (this.used) throw new Error('This JSON schema generator has already been used to generate a JSON schema.');
    this.used = true;
    let json = this.generateInner(schema);
    const refCounts = countJsonRefs(json, (ref) => this.definitionOf(ref));
    const ref = json.get('$ref');
    if (typeof ref === 'string') {
      const referenced = this.definitionOf(ref as JsonRef);
      // A root that is referenced only once (by itself here) is inlined.
      if (refCounts.get(ref) === 1 && referenced !== undefined && json.size === 1) json = new Map(referenced);
    }
    collectGarbage(json, this.definitions, (ref) => this.jsonToDefs.get(ref));
    const remapping = this.naming.remapping(this.definitions);
    if (this.definitions.size > 0) json.set('$defs', new Map(this.definitions));
    return remapAndSort(json, remapping);
  }

  generateInner(schema: CoreSchema): JsonSchema {
    if (isReferenced(schema)) {
      const defsRef = this.coreToDefs.get(schema.ref);
      if (defsRef !== undefined && this.definitions.has(defsRef)) return new Map([['$ref', jsonRefOf(defsRef)]]);
    }
    const handler = HANDLERS[schema.type] as Handler<CoreSchemaType>;
    const json = handler(this, schema);
    return isReferenced(schema) ? this.populateDefinition(schema.ref, json) : json;
  }

  refSchema(coreRef: string): readonly [DefsRef, JsonSchema] {
    let defsRef = this.coreToDefs.get(coreRef);
    if (defsRef === undefined) {
      defsRef = this.naming.defsRef(coreRef);
      this.coreToDefs.set(coreRef, defsRef);
      this.jsonToDefs.set(jsonRefOf(defsRef), defsRef);
    }
    return [defsRef, new Map([['$ref', jsonRefOf(defsRef)]])];
  }

  definitionOf(ref: JsonRef): JsonSchema | undefined {
    const defsRef = this.jsonToDefs.get(ref);
    if (defsRef === undefined) return refusedUnlessExternal(ref);
    const invalid = this.invalidDefinitions.get(defsRef);
    if (invalid !== undefined) throw invalid;
    return this.definitions.get(defsRef);
  }

  recordInvalidDefinition(coreRef: string, error: SchemaRenderError): void {
    this.invalidDefinitions.set(this.naming.defsRef(coreRef), error);
  }

  private populateDefinition(coreRef: string, json: JsonSchema): JsonSchema {
    const [defsRef, ref] = this.refSchema(coreRef);
    if (json.get('$ref') !== ref.get('$ref')) {
      this.definitions.set(defsRef, json);
      this.invalidDefinitions.delete(defsRef);
    }
    return ref;
  }
}
