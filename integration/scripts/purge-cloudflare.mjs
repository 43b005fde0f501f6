#!/usr/bin/env node
// Kept for deploy jobs that run it by this path: it is `audio-reviews purge-cloudflare [--report
// <file>]` (docs/rebuilds.md), with the report as its only argument.
import { runPurgeCloudflareCommand } from '../dist/cloudflare-purge/purge-cloudflare-command.js';

const [report] = process.argv.slice(2);
process.exitCode = await runPurgeCloudflareCommand(
	report === undefined ? [] : ['--report', report],
	{
		out: (line) => console.log(line),
		err: (line) => console.error(line),
		cwd: process.cwd(),
		env: process.env,
	},
);
