import type { Command } from '../command.js';
import { benchCommand } from './bench.js';

/** Every subcommand, in the order the usage text lists them. */
export const commands: readonly Command[] = [benchCommand];
