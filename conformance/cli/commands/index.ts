import type { Command } from '../command.js';
import { benchCommand } from './bench.js';
import { conformanceCommand } from './conformance.js';
import { fuzzCommand } from './fuzz.js';
import { normalizeCommand } from './normalize.js';
import { participantCommand } from './participant.js';
import { planCommand } from './plan.js';
import { schemaCommand } from './schema.js';

/** Every subcommand, in the order the usage text lists them. */
export const commands: readonly Command[] = [
  conformanceCommand,
  fuzzCommand,
  schemaCommand,
  normalizeCommand,
  planCommand,
  participantCommand,
  benchCommand,
];
