#!/usr/bin/env node
import {
	PURGE_CLOUDFLARE_USAGE,
	runPurgeCloudflareCommand,
} from './cloudflare-purge/purge-cloudflare-command.js';
// The package's command (`npx audio-reviews <command>`, package.json `bin`): a thin dispatcher.
// Every subcommand follows command-line/conventions.ts: one exit-code table, one duration syntax,
// `--help`, and `--json` as the last line.
import { EXIT, EXIT_CODES_HELP, wantsHelp } from './command-line/conventions.js';
import { INDEXNOW_USAGE, runIndexNowCommand } from './indexnow/index-now-command.js';
import { runPollCommand } from './poll/poll-command.js';
import { POLL_USAGE } from './poll/poll-options.js';
import { INDEX_USAGE, runIndexCommand } from './search-postgres/index-command.js';

const COMMANDS = `Usage: audio-reviews <command> [--help] [--json]

Commands:
  index      write the catalogue into the PostgreSQL search index (audio-reviews index --help)
  indexnow   submit the pages the last build changed to IndexNow (audio-reviews indexnow --help)
  poll       call the deploy hook when the catalogue changed a page (audio-reviews poll --help)
  purge-cloudflare
             purge the pages the last build changed from Cloudflare's cache
             (audio-reviews purge-cloudflare --help)

${EXIT_CODES_HELP}`;

const [command, ...rest] = process.argv.slice(2);
const io = {
	out: (line: string) => console.log(line),
	err: (line: string) => console.error(line),
	cwd: process.cwd(),
};

if (command === 'indexnow') {
	if (wantsHelp(rest)) io.out(INDEXNOW_USAGE);
	else process.exitCode = await runIndexNowCommand(rest, io);
} else if (command === 'index') {
	if (wantsHelp(rest)) io.out(INDEX_USAGE);
	else process.exitCode = await runIndexCommand(rest, { ...io, env: process.env });
} else if (command === 'poll') {
	if (wantsHelp(rest)) io.out(POLL_USAGE);
	else process.exitCode = await runPollCommand(rest, { ...io, env: process.env });
} else if (command === 'purge-cloudflare') {
	if (wantsHelp(rest)) io.out(PURGE_CLOUDFLARE_USAGE);
	else process.exitCode = await runPurgeCloudflareCommand(rest, { ...io, env: process.env });
} else if (command === undefined || wantsHelp([command])) {
	io.out(COMMANDS);
} else {
	io.err(`Unknown command ${JSON.stringify(command)}.\n\n${COMMANDS}`);
	process.exitCode = EXIT.usage;
}
