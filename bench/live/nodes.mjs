/**
 * Several server processes of one `cacheVarnish()` build behind Varnish nodes, each node running
 * the site VCL of docs/on-demand.md ("Several server processes"): shared by
 * test/varnish/varnish-nodes-site.ts and bench/live-nodes.mjs.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The package's VCL in this checkout. */
export const PACKAGE_VCL = fileURLToPath(
	new URL('../../varnish/audio-reviews.vcl', import.meta.url),
);
const DOCS = new URL('../../docs/on-demand.md', import.meta.url);

/**
 * The docs' site VCL for processes at `origins` (one or two): its backends' ports replaced, the
 * backends it does not need dropped, the include pointing at this checkout's VCL, and `extra`
 * (VCL of the caller's own, e.g. a test header) placed before the include so it runs first.
 *
 * @param {readonly string[]} origins
 * @param {string} [extra]
 * @returns {string}
 */
export function docsSiteVcl(origins, extra = '') {
	const block = /```vcl\n([\s\S]*?)```/.exec(readFileSync(DOCS, 'utf8'))?.[1];
	if (!block) throw new Error('docs/on-demand.md has no vcl code block');
	let vcl = block;
	for (const [i, origin] of origins.entries())
		vcl = vcl.replace(`.port = "${4321 + i}";`, `.port = "${new URL(origin).port}";`);
	if (origins.length === 1)
		vcl = vcl
			.replace(/^backend process2 .*\n/m, '')
			.replace(/^\s*processes\.add_backend\(process2\);\n/m, '');
	const include = /include "[^"]+";/;
	if (!include.test(vcl) || /"432[12]"/.test(vcl))
		throw new Error(`the docs' site VCL is not the one expected:\n${vcl}`);
	return vcl.replace(include, `${extra}include "${PACKAGE_VCL}";`);
}
