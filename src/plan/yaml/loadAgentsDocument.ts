import { DeclarationError } from '../../errors.js';
import { YamlReadError, parseYaml } from '../../json/parseYaml.js';
import { readAgentsDocument } from './readAgentsDocument.js';
import type { AgentsDocument } from './specs.js';
import { readUtf8File } from '../../json/readUtf8.js';

/** A YAML agents document from its text, read with YAML 1.2 core rules; `source` names it in messages. */
export const parseAgentsDocument = (text: string, source: string): AgentsDocument => {
  let tree;
  try {
    tree = parseYaml(text);
  } catch (error) {
    if (!(error instanceof YamlReadError)) throw error;
    // The line, not a declaration path: the text has no tree yet (Python's message names its mark too).
    const where = error.line === undefined ? '' : ` (line ${error.line}, column ${error.column})`;
    throw new DeclarationError(`the YAML text cannot be read: ${error.message}${where}`, { code: 'YAML_UNREADABLE', ...(error.path === undefined ? {} : { path: error.path }), cause: error });
  }
  return readAgentsDocument(tree, source);
};

/** A YAML agents document from a file. */
export const loadAgentsDocument = (file: string): AgentsDocument => parseAgentsDocument(readUtf8File(file), file);
