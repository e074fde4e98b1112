import type { Sides } from '../../compare/diffValues.js';
import { unreadableBySchemaDiff } from './refGraph.js';

export interface CheckNote {
  /** True when the check found that the two schemas accept different values. */
  readonly differs: boolean;
  readonly note: string;
}

const brief = (schema: unknown): string => {
  const text = JSON.stringify(schema);
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
};

/**
 * What json-schema-diff says about the values each schema accepts. It ignores annotations and
 * several keywords (enum, const, format, pattern, multipleOf, uniqueItems, prefixItems,
 * propertyNames, patternProperties), so "the same values" from it is weak evidence; a difference
 * is real. Recursive schemas and root `$ref`s are beyond it: skipped, and the note says why.
 */
export const setDifference = async (left: unknown, right: unknown, sides: Sides): Promise<CheckNote> => {
  const unreadable = unreadableBySchemaDiff(left) ?? unreadableBySchemaDiff(right);
  if (unreadable !== undefined) return { differs: false, note: `json-schema-diff skipped: ${unreadable}` };
  try {
    // The library may annotate what it is given; it gets copies.
    // Loaded when first needed: only schemas whose texts differ get this far.
    const { default: jsonSchemaDiff } = await import('json-schema-diff');
    const result = await jsonSchemaDiff.diffSchemas({
      sourceSchema: structuredClone(left) as never,
      destinationSchema: structuredClone(right) as never,
    });
    if (!result.additionsFound && !result.removalsFound) return { differs: false, note: 'json-schema-diff finds the same accepted values' };
    const parts: string[] = [];
    if (result.additionsFound) parts.push(`${sides.right} accepts values ${sides.left} refuses: ${brief(result.addedJsonSchema)}`);
    if (result.removalsFound) parts.push(`${sides.right} refuses values ${sides.left} accepts: ${brief(result.removedJsonSchema)}`);
    return { differs: true, note: `json-schema-diff: ${parts.join('; ')}` };
  } catch (error) {
    return { differs: false, note: `json-schema-diff could not compare: ${(error as Error).message}` };
  }
};
