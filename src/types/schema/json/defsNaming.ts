import { pyEqualityKey } from '../../../python/pyEquality.js';
import type { PyJson } from '../../../json/pyJson.js';
import type { DefsRef, JsonRef, JsonSchema } from './jsonSchema.js';

const MODE_TITLES = { validation: 'Input', serialization: 'Output' } as const;

/** pydantic's `normalize_name`: `[^a-zA-Z0-9.\-_]` becomes `_`, `.` becomes `__`. */
export const normalizeName = (name: string): string => name.replace(/[^a-zA-Z0-9.\-_]/gu, '_').replaceAll('.', '__');

export const jsonRefOf = (defsRef: DefsRef): JsonRef => `#/$defs/${defsRef}` as JsonRef;

/**
 * pydantic's `$defs` naming: every definition gets a unique long key first, with a list of
 * shorter candidates (the class name first); at the end each takes the first candidate no
 * definition with a different schema also claims.
 */
export class DefsNaming {
  private readonly collisionCounter = new Map<string, number>();
  private readonly collisionIndex = new Map<string, number>();
  readonly choices = new Map<DefsRef, readonly DefsRef[]>();

  constructor(private readonly mode: 'validation' | 'serialization') {}

  /** pydantic's `get_defs_ref`, for a core reference `module.qualname:id`. */
  defsRef(coreRef: string): DefsRef {
    // Generic arguments are separate components; each loses its `:id`, then its module path.
    const components = coreRef.split(/([\][,])/).map((c) => c.replace(/:[^:]*$/, ''));
    const coreRefNoId = components.join('');
    const shortRef = components.map((c) => c.replace(/(?:[^.[\]]+\.)+([^.[\]]+)/g, '$1')).join('');
    const modeTitle = MODE_TITLES[this.mode];
    const name = normalizeName(shortRef);
    const moduleQualname = normalizeName(coreRefNoId);
    const moduleQualnameId = normalizeName(coreRef);
    let occurrence = this.collisionIndex.get(moduleQualnameId);
    if (occurrence === undefined) {
      occurrence = (this.collisionCounter.get(moduleQualname) ?? 0) + 1;
      this.collisionCounter.set(moduleQualname, occurrence);
      this.collisionIndex.set(moduleQualnameId, occurrence);
    }
    const chosen = `${moduleQualname}-${modeTitle}__${occurrence}` as DefsRef;
    this.choices.set(chosen, [
      name,
      `${name}-${modeTitle}`,
      moduleQualname,
      `${moduleQualname}-${modeTitle}`,
      `${moduleQualname}__${occurrence}`,
      chosen,
    ] as DefsRef[]);
    return chosen;
  }

  /**
   * pydantic's `_DefinitionsRemapping.from_prioritized_choices`: the final `$ref` for every
   * candidate name of each definition, found by renaming until the set of names settles.
   */
  remapping(definitions: ReadonlyMap<DefsRef, JsonSchema>): DefsRemapping {
    const unique = this.uniqueNames(definitions);
    if (unique !== undefined) return unique;
    let contents = new Map(definitions);
    let previousNames = new Set<string>(definitions.keys());
    for (let round = 0; round < 100; round++) {
      const schemasFor = new Map<DefsRef, Set<string>>();
      for (const [defsRef, schema] of contents) {
        const key = pyEqualityKey(schema);
        for (const alternative of this.choices.get(defsRef) ?? [defsRef]) {
          schemasFor.set(alternative, (schemasFor.get(alternative) ?? new Set<string>()).add(key));
        }
      }
      const jsonRemapping = new Map<JsonRef, JsonRef>();
      const defsRemapping = new Map<DefsRef, DefsRef>();
      const names = new Set<string>();
      for (const original of definitions.keys()) {
        const alternatives = this.choices.get(original) ?? [original];
        const index = alternatives.findIndex((alternative) => schemasFor.get(alternative)?.size === 1);
        const chosen = alternatives[index]!;
        names.add(chosen);
        defsRemapping.set(original, chosen);
        for (const alternative of alternatives.slice(index)) jsonRemapping.set(jsonRefOf(alternative), jsonRefOf(chosen));
      }
      contents = new Map([...contents].map(([defsRef, schema]) => [defsRef, remapStrings(schema, jsonRemapping) as JsonSchema]));
      if (names.size === previousNames.size && [...names].every((name) => previousNames.has(name))) {
        return { json: jsonRemapping, defs: defsRemapping };
      }
      previousNames = names;
    }
    throw new Error('Failed to simplify the JSON schema definitions');
  }

  // When no two definitions share a first choice (the class name), every one takes it at once;
  // pydantic's rounds come to the same answer, without comparing any schemas.
  private uniqueNames(definitions: ReadonlyMap<DefsRef, JsonSchema>): DefsRemapping | undefined {
    const json = new Map<JsonRef, JsonRef>();
    const defs = new Map<DefsRef, DefsRef>();
    const taken = new Set<DefsRef>();
    for (const original of definitions.keys()) {
      const alternatives = this.choices.get(original) ?? [original];
      const name = alternatives[0]!;
      if (taken.has(name)) return undefined;
      taken.add(name);
      defs.set(original, name);
      for (const alternative of alternatives) json.set(jsonRefOf(alternative), jsonRefOf(name));
    }
    return { json, defs };
  }
}

/** The renaming of `$defs` keys and of `$ref` values that `DefsNaming.remapping` settles on. */
export interface DefsRemapping {
  readonly json: ReadonlyMap<JsonRef, JsonRef>;
  readonly defs: ReadonlyMap<DefsRef, DefsRef>;
}

// pydantic's `remap_json_schema` without its `$defs` case: every string equal to a `$ref` being
// renamed is renamed, wherever it is (pydantic relies on no other string looking like one).
const remapStrings = (value: PyJson, remapping: ReadonlyMap<JsonRef, JsonRef>): PyJson => {
  if (typeof value === 'string') return remapping.get(value as JsonRef) ?? value;
  if (Array.isArray(value)) return (value as readonly PyJson[]).map((item) => remapStrings(item, remapping));
  if (value instanceof Map) return new Map([...value].map(([k, v]) => [k, remapStrings(v, remapping)]));
  return value;
};

