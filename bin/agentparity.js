#!/usr/bin/env node
// The command is compiled at install (`npm ci` runs `prepare`); this file only hands over.
import { main } from '../dist/conformance/cli/main.js';

process.exitCode = await main(process.argv.slice(2));
