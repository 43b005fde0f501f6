import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const VNU = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

/**
 * One run of a few seconds: the JVM's quick compiler alone spends a fraction of the CPU the
 * optimising one does on the checker's warm-up, for the same messages. Its frames are larger:
 * the schema's deep recursion needs a bigger thread stack than the default (the checker asks
 * for 512k at least; a stack overflow would print no JSON and fail the parse below).
 */
const QUICK_JVM = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-Xss16m'];

/**
 * The W3C Nu HTML checker (vnu-jar, on Java) over HTML files, in one JVM: its errors, each with
 * its file, and its exit code.
 */
export async function nuErrors(
	files: readonly string[],
): Promise<{ errors: string[]; code: number | null }> {
	const { code, output } = await new Promise<{ code: number | null; output: string }>(
		(resolve, reject) => {
			const child = spawn('java', [
				...QUICK_JVM,
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
