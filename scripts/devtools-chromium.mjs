// @ts-check
/**
 * Debian's Chromium, headless, with a DevTools port: the browser Lighthouse drives in the tests'
 * audits and in the bench's long-tail figure (never a downloaded build).
 */
import { spawn } from 'node:child_process';

/** Debian's Chromium: the one browser of the tests, the bench and the screenshots. */
export const CHROMIUM = '/usr/bin/chromium';

/** @typedef {{ process: import('node:child_process').ChildProcess; port: number }} DevtoolsChromium */

/**
 * Starts it on `about:blank` with its profile in `userDataDir`, once its DevTools port listens.
 * @param {string} userDataDir
 * @param {readonly string[]} flags the caller's own, besides headless and the port
 * @returns {Promise<DevtoolsChromium>}
 */
export async function launchDevtoolsChromium(userDataDir, flags) {
	const child = spawn(CHROMIUM, [
		'--headless',
		...flags,
		'--remote-debugging-port=0',
		`--user-data-dir=${userDataDir}`,
		'about:blank',
	]);
	const port = await new Promise((resolve, reject) => {
		let log = '';
		child.stderr.on('data', (chunk) => {
			log += chunk.toString();
			const found = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(log);
			if (found) resolve(Number(found[1]));
		});
		child.on('exit', (code) =>
			reject(new Error(`chromium exited with ${code}: ${log.slice(-500)}`)),
		);
	});
	return { process: child, port };
}

/**
 * Stops it and returns once it has exited (it writes its profile until then). Closed through
 * DevTools' `Browser.close`, it also removes the singleton folder it keeps in the temp folder,
 * which a signal leaves behind; the signal is the fallback when DevTools does not answer.
 * @param {DevtoolsChromium | undefined} chromium
 */
export async function stopDevtoolsChromium(chromium) {
	if (!chromium) return;
	const { process: child, port } = chromium;
	if (child.exitCode !== null || child.signalCode !== null) return;
	const exited = new Promise((resolve) => child.once('exit', resolve));
	try {
		const version = await fetch(`http://127.0.0.1:${port}/json/version`);
		const { webSocketDebuggerUrl } = /** @type {{ webSocketDebuggerUrl: string }} */ (
			await version.json()
		);
		const socket = new WebSocket(webSocketDebuggerUrl);
		await new Promise((resolve, reject) => {
			socket.onopen = resolve;
			socket.onerror = reject;
		});
		socket.send(JSON.stringify({ id: 1, method: 'Browser.close' }));
	} catch {
		child.kill();
	}
	await exited;
}
