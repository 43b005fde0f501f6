import { type ChildProcess, spawn } from 'node:child_process';

/** Debian's Chromium (never a downloaded build), as the tests drive it. */
export const CHROMIUM = '/usr/bin/chromium';

/**
 * The machine has no network: these keep Chromium from trying to reach Google's services
 * (refused connections, many at a time, and failed lookups at every start).
 */
export const OFFLINE_CHROMIUM_FLAGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
] as const;

/** Debian's Chromium with a DevTools port, for Lighthouse; the machine has no network, so nothing phones home. */
export async function launchChromium(
	userDataDir: string,
): Promise<{ chromium: ChildProcess; port: number }> {
	const child = spawn(CHROMIUM, [
		'--headless',
		...OFFLINE_CHROMIUM_FLAGS,
		'--disable-dev-shm-usage',
		'--remote-debugging-port=0',
		`--user-data-dir=${userDataDir}`,
		'about:blank',
	]);
	const devtoolsPort = await new Promise<number>((resolve, reject) => {
		let log = '';
		child.stderr!.on('data', (chunk: Buffer) => {
			log += chunk.toString();
			const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(log);
			if (match) resolve(Number(match[1]));
		});
		child.on('exit', (code) => reject(new Error(`chromium exited with ${code}: ${log}`)));
	});
	return { chromium: child, port: devtoolsPort };
}

/** Stops a Chromium `launchChromium` started, once it has exited. */
export async function stopChromium(chromium: ChildProcess | undefined): Promise<void> {
	if (!chromium || chromium.exitCode !== null) return;
	await new Promise((resolve) => {
		chromium.once('exit', resolve);
		chromium.kill();
	});
}
