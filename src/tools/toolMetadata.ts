import type { PyJson } from '../json/pyJson.js';

/** What a model is told about a tool: its name, what it does and the JSON Schema of its arguments. */
export class ToolMetadata {
  constructor(
    readonly name: string,
    readonly description: string,
    /** A JSON Schema object, kept exactly as declared. */
    readonly argsSchema: PyJson,
  ) {}

  toJSON(): Map<string, PyJson> {
    return new Map<string, PyJson>([
      ['name', this.name],
      ['description', this.description],
      ['args_schema', this.argsSchema],
    ]);
  }
}
