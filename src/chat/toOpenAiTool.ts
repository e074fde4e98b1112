import { InvalidValueError } from '../errors.js';
import type { PyJson } from '../json/pyJson.js';

/** What a callable tells the model: name, description and the JSON Schema of its arguments. */
export interface CallableSpec {
  readonly name: string;
  readonly description: string;
  readonly parameters: PyJson;
}

/** OpenAI's limit on a function description. */
export const MAX_DESCRIPTION_LENGTH = 1024;

/**
 * A callable in the OpenAI function-tool shape: `{"type": "function", "function": {name,
 * description, parameters}}`. A description over 1024 characters is refused, as the provider
 * would refuse it. Characters are counted as Python counts them (code points).
 */
export const toOpenAiTool = (spec: CallableSpec): Map<string, PyJson> => {
  const length = [...spec.description].length;
  if (length > MAX_DESCRIPTION_LENGTH) {
    throw new InvalidValueError(
      `The description of ${spec.name} is ${length} characters long; a function description must be at most ${MAX_DESCRIPTION_LENGTH}.`,
      { code: 'TOOL_DESCRIPTION_TOO_LONG' },
    );
  }
  return new Map<string, PyJson>([
    ['type', 'function'],
    [
      'function',
      new Map<string, PyJson>([
        ['name', spec.name],
        ['description', spec.description],
        ['parameters', spec.parameters],
      ]),
    ],
  ]);
};
