import { describe, expect, it } from 'vitest';
import { parsePyJson } from '../../../../../src/json/parsePyJson.js';
import { writePyJson } from '../../../../../src/json/writePyJson.js';
import type { DefsRef, JsonRef } from '../../../../../src/types/schema/json/jsonSchema.js';
import { remapAndSort } from '../../../../../src/types/schema/json/sortSchema.js';

const NO_RENAMES = { json: new Map<JsonRef, JsonRef>(), defs: new Map<DefsRef, DefsRef>() };
const sorted = (text: string): string => writePyJson(remapAndSort(parsePyJson(text), NO_RENAMES));

describe('types/schema/json/sortSchema', () => {
  it('sorts keys by code point, uppercase before lowercase and "10" before "9"', () => {
    expect(sorted('{"examples": 1, "Alpha": 2, "9": 3, "10": 4, "\\uffff": 5, "\\ud800\\udc00": 6}')).toBe(
      '{"10": 4, "9": 3, "Alpha": 2, "examples": 1, "\\uffff": 5, "\\ud800\\udc00": 6}',
    );
  });

  it('leaves the keys directly under properties and default in their order, and sorts the objects below them', () => {
    expect(sorted('{"type": "object", "properties": {"z": {"type": "string", "title": "Z"}, "a": {"title": "A"}}, "default": {"b": {"y": 1, "x": 2}, "a": 1}}')).toBe(
      '{"default": {"b": {"x": 2, "y": 1}, "a": 1}, "properties": {"z": {"title": "Z", "type": "string"}, "a": {"title": "A"}}, "type": "object"}',
    );
  });

  it('keeps the raw order of a schema under a property literally named default or properties', () => {
    expect(sorted('{"properties": {"default": {"type": "integer", "default": 1, "title": "Default"}, "properties": {"type": "object", "title": "P"}}}')).toBe(
      '{"properties": {"default": {"type": "integer", "default": 1, "title": "Default"}, "properties": {"type": "object", "title": "P"}}}',
    );
  });

  it('passes a list its parent key, so objects in a default list keep their order and objects in examples are sorted', () => {
    expect(sorted('{"default": [{"b": 1, "a": 2}], "examples": [{"b": 1, "a": 2}]}')).toBe('{"default": [{"b": 1, "a": 2}], "examples": [{"a": 2, "b": 1}]}');
  });

  it('renames $defs keys and every string equal to a renamed $ref, then sorts by the new names', () => {
    const renames = {
      json: new Map([['#/$defs/long__Zed-Input__1' as JsonRef, '#/$defs/Zed' as JsonRef], ['#/$defs/long__Alpha-Input__1' as JsonRef, '#/$defs/Alpha' as JsonRef]]),
      defs: new Map([['long__Zed-Input__1' as DefsRef, 'Zed' as DefsRef], ['long__Alpha-Input__1' as DefsRef, 'Alpha' as DefsRef]]),
    };
    const schema = parsePyJson('{"$defs": {"long__Zed-Input__1": {"x": "#/$defs/long__Alpha-Input__1"}, "long__Alpha-Input__1": {}}, "$ref": "#/$defs/long__Zed-Input__1"}');
    expect(writePyJson(remapAndSort(schema, renames))).toBe('{"$defs": {"Alpha": {}, "Zed": {"x": "#/$defs/Alpha"}}, "$ref": "#/$defs/Zed"}');
  });
});
