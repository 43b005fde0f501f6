import { chromium } from 'playwright-core';
import { CHROMIUM } from '../../scripts/devtools-chromium.mjs';

/** Debian's Chromium, headless, as every browser figure of the bench drives it (never a downloaded build). */
export function launchChromium() {
	return chromium.launch({
		executablePath: CHROMIUM,
		headless: true,
		args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
	});
}
