// Preloaded (--import) into each build child: at exit, writes its peak RSS and CPU time to
// BENCH_USAGE_FILE, so every build's memory is measured in its own process. Also samples RSS
// and heap every 500 ms (timer unref'd), to tell which phase of the build holds the peak.
import { writeFileSync } from 'node:fs';
import { getHeapStatistics } from 'node:v8';

const file = process.env.BENCH_USAGE_FILE;
if (file) {
	const started = Date.now();
	const timeline = [];
	const sample = () => {
		const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
		const mib = (bytes) => Math.round(bytes / 2 ** 20);
		timeline.push([
			Date.now() - started,
			mib(rss),
			mib(heapUsed),
			mib(external + arrayBuffers),
			mib(heapTotal),
		]);
	};
	setInterval(sample, Number(process.env.BENCH_SAMPLE_MS) || 500).unref();
	process.on('exit', (code) => {
		sample();
		const usage = process.resourceUsage();
		writeFileSync(
			file,
			JSON.stringify({
				code,
				startedAt: started,
				maxRssKiB: usage.maxRSS,
				// The limit this build ran under: Node's default, or --max-old-space-size's.
				heapLimitMiB: Math.round(getHeapStatistics().heap_size_limit / 2 ** 20),
				userMs: usage.userCPUTime / 1000,
				systemMs: usage.systemCPUTime / 1000,
				timeline: {
					columns: ['ms', 'rssMiB', 'heapUsedMiB', 'externalMiB', 'heapTotalMiB'],
					rows: timeline,
				},
			}),
		);
	});
}
