import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const VNU = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

/**
 * JVM options for one short check: the checker's run is over before the JVM's optimising
 * compiler pays back (C1 only: about a third of the CPU time on 16 pages); C1's frames are larger,
 * so the checker's schema evaluation needs a deeper stack than the default 1 MB.
 */
export const QUICK_JVM = ['-Xss8m', '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'] as const;

/**
 * The W3C Nu HTML checker (vnu-jar, on Java) over HTML files: its errors, each with its file, and
 * its exit code. `jvm`: options for the JVM (e.g. `QUICK_JVM`); the checker's verdict is the same.
 */
export async function nuErrors(
	files: readonly string[],
	options: { jvm?: readonly string[] } = {},
): Promise<{ errors: string[]; code: number | null }> {
	const { code, output } = await new Promise<{ code: number | null; output: string }>(
		(resolve, reject) => {
			const child = spawn('java', [
				...(options.jvm ?? []),
				'-jar',
				VNU,
				'--errors-only',
				'--format',
				'json',
				...files,
			]);
			let text = '';
			child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
			child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
			child.on('error', reject);
			child.on('close', (exitCode) => resolve({ code: exitCode, output: text }));
		},
	);
	const messages = (
		JSON.parse(output) as { messages: Array<{ type: string; url: string; message: string }> }
	).messages;
	return {
		errors: messages
			.filter((message) => message.type === 'error')
			.map((message) => `${message.url}: ${message.message}`),
		code,
	};
}
