#!/usr/bin/env node
import { INDEXNOW_USAGE, runIndexNowCommand } from './indexnow/index-now-command.js';
// The package's command (`npx audio-reviews <command>`, package.json `bin`): a thin dispatcher.
import { runPollCommand } from './poll/poll-command.js';
import { POLL_USAGE } from './poll/poll-options.js';

const COMMANDS = `Usage: audio-reviews <command>

Commands:
  indexnow   submit the pages the last build changed to IndexNow (audio-reviews indexnow --help)
  poll       call the deploy hook when the catalogue changed a page (audio-reviews poll --help)`;

const [command, ...rest] = process.argv.slice(2);
const io = {
	out: (line: string) => console.log(line),
	err: (line: string) => console.error(line),
	cwd: process.cwd(),
};

if (command === 'indexnow') {
	if (rest.includes('--help') || rest.includes('-h')) console.log(INDEXNOW_USAGE);
	else process.exitCode = await runIndexNowCommand(rest, io);
} else if (command === 'poll') {
	if (rest.includes('--help') || rest.includes('-h')) console.log(POLL_USAGE);
	else process.exitCode = await runPollCommand(rest, { ...io, env: process.env });
} else if (command === undefined || command === '--help' || command === '-h') {
	console.log(COMMANDS);
} else {
	console.error(`Unknown command ${JSON.stringify(command)}.\n\n${COMMANDS}`);
	process.exitCode = 2;
}
