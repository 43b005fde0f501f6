import { chromium } from 'playwright-core';

/** Debian's Chromium, headless, as every browser figure of the bench drives it (never a downloaded build). */
export function launchChromium() {
	return chromium.launch({
		executablePath: '/usr/bin/chromium',
		headless: true,
		args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
	});
}
