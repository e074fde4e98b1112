#!/usr/bin/env node
// The command is compiled at install (`npm ci` runs `prepare`); this file only hands over.
import { exitOnCrash, main } from '../dist/conformance/cli/main.js';

exitOnCrash(process.argv.slice(2));
process.exitCode = await main(process.argv.slice(2));
