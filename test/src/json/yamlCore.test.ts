import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseYaml } from '../../../src/json/parseYaml.js';
import { writePyJson } from '../../../src/json/writePyJson.js';

const fixture = (name: string): string => readFileSync(fileURLToPath(new URL(`../../fixtures/${name}`, import.meta.url)), 'utf8');

describe('json/parseYaml against the shared YAML 1.2 core sample', () => {
  // python-ref/tests/test_types_yaml.py holds the Python loader to the same expected text.
  it('reads the sample as written down', () => {
    expect(writePyJson(parseYaml(fixture('yamlCore.yaml')))).toBe(fixture('yamlCore.json').trim());
  });
});
