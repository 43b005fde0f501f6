import { execFile } from 'node:child_process';

/** Validates an XML file against an XSD with Debian's xmllint (no network); resolves with its verdict and output. */
export function validateWithSchema(
	file: string,
	xsd: string,
): Promise<{ valid: boolean; output: string }> {
	return new Promise((resolve, reject) => {
		execFile(
			'/usr/bin/xmllint',
			['--noout', '--nonet', '--schema', xsd, file],
			{ maxBuffer: 64 * 2 ** 20 },
			(error, stdout, stderr) => {
				if (error && typeof error.code !== 'number') return reject(error);
				resolve({ valid: !error, output: `${stdout}${stderr}` });
			},
		);
	});
}
