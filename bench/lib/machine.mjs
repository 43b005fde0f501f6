// The machine a run measured: CPU, cores, memory, load, Node and Astro versions.
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { REPO } from './sites.mjs';

export async function machineInfo() {
	const version = async (file) => {
		try {
			return JSON.parse(await readFile(join(REPO, file), 'utf8')).version;
		} catch {
			return 'unknown';
		}
	};
	return {
		cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
		cores: os.availableParallelism(),
		memoryBytes: os.totalmem(),
		platform: `${os.type()} ${os.release()} ${os.arch()}`,
		node: process.version,
		astro: await version('node_modules/astro/package.json'),
		zod: await version('node_modules/zod/package.json'),
		package: await version('package.json'),
		loadAtStart: os.loadavg().map((n) => Number(n.toFixed(2))),
	};
}
