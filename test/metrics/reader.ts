import { metrics } from '@opentelemetry/api';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import { afterAll, beforeAll } from 'vitest';

/**
 * The OpenTelemetry SDK registered in this test process, as a site's `instrumentation.mjs` does,
 * with a reader the test collects from: each series (an instrument and one set of attributes).
 */

export interface Series {
	name: string;
	attributes: Record<string, unknown>;
	/** A counter's sum, or a histogram's count. */
	value: number;
}

class CollectingReader extends MetricReader {
	protected override async onShutdown(): Promise<void> {}
	protected override async onForceFlush(): Promise<void> {}
}

export function useMeterProvider(): { series(): Promise<Series[]> } {
	const reader = new CollectingReader();
	const provider = new MeterProvider({ readers: [reader] });
	beforeAll(() => {
		metrics.setGlobalMeterProvider(provider);
	});
	afterAll(async () => {
		metrics.disable();
		await provider.shutdown();
	});
	return {
		async series() {
			const { resourceMetrics } = await reader.collect();
			return resourceMetrics.scopeMetrics
				.filter((scope) => scope.scope.name === 'astro-audio-reviews')
				.flatMap((scope) =>
					scope.metrics.flatMap((metric) =>
						metric.dataPoints.map((point) => ({
							name: metric.descriptor.name,
							attributes: point.attributes as Record<string, unknown>,
							value:
								typeof point.value === 'number'
									? point.value
									: (point.value as { count: number }).count,
						})),
					),
				);
		},
	};
}

/** The total of one instrument's series whose attributes include `match`. */
export function total(series: Series[], name: string, match: Record<string, unknown> = {}): number {
	return series
		.filter(
			(one) =>
				one.name === name &&
				Object.entries(match).every(([key, value]) => one.attributes[key] === value),
		)
		.reduce((sum, one) => sum + one.value, 0);
}
