import { main } from '../../conformance/cli/main.js';

// The `agentparity` command from source, for tests that need it as a real process.
process.exitCode = await main(process.argv.slice(2));
