// Empties the build outputs before `tsc` writes them, so files of renamed or deleted modules (and
// maps of earlier builds) never reach the packed tarball, whose `files` take the folders whole.
import { rm } from 'node:fs/promises';

for (const folder of ['integration/dist', 'simulator/dist'])
	await rm(new URL(`../${folder}/`, import.meta.url), { recursive: true, force: true });
