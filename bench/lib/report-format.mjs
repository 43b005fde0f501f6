/** The number formats and verdicts of BENCHMARKS.md, shared by its sections (bench/lib/report*.mjs). */
export const n = (value) =>
	value === undefined || value === null ? '—' : Number(value).toLocaleString('en-US');
export const s = (ms) => (ms === undefined ? '—' : `${(ms / 1000).toFixed(1)} s`);
export const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
export const gib = (bytes) => (bytes ? `${(bytes / 2 ** 30).toFixed(2)} GiB` : '—');
export const x = (ratio, digits = 2) =>
	ratio === undefined || Number.isNaN(ratio) ? '—' : `${ratio.toFixed(digits)}×`;
export const pct = (share, digits = 1) =>
	share === undefined ? '—' : `${(share * 100).toFixed(digits)} %`;
export const ms = (value) =>
	value === undefined || value === null ? '—' : value === 0 ? '< 1 ms' : `${value} ms`;
export const verdict = (pass) => (pass === undefined ? 'n/a' : pass ? '**PASS**' : '**MISS**');
