// The OpenTelemetry API is an optional peer: loaded lazily, once, and its absence is no error.
// Only the few shapes used here are declared, so no type of the package names the API.

export type Attributes = Record<string, string | number | boolean>;

export interface Counter {
	add(value: number, attributes?: Attributes): void;
}

export interface Histogram {
	record(value: number, attributes?: Attributes): void;
}

interface InstrumentOptions {
	description?: string;
	unit?: string;
	advice?: { explicitBucketBoundaries?: number[] };
}

export interface Meter {
	createCounter(name: string, options?: InstrumentOptions): Counter;
	createHistogram(name: string, options?: InstrumentOptions): Histogram;
}

interface MetricsApi {
	metrics: { getMeter(name: string): Meter };
}

export const METER_NAME = 'astro-audio-reviews';

/**
 * Built at run time so that no bundler resolves it: a site without the API (or workerd, where
 * nothing outside the bundle loads) gets a rejected import, never a build error.
 */
const API_SPECIFIER = ['@opentelemetry', 'api'].join('/');

type Loaded<T> = { state: 'ready'; value: T } | { state: 'absent' };

/**
 * Instruments made from the registered meter, once per module instance. Before the import
 * settles, records wait for it (in order) rather than being lost; after, they are synchronous.
 */
export function lazyInstruments<T>(create: (meter: Meter) => T) {
	let loaded: Loaded<T> | undefined;
	let loading: Promise<Loaded<T>> | undefined;
	const load = async (): Promise<Loaded<T>> => {
		// No API, or an SDK that fails to make the instruments: nothing is recorded, ever.
		loading ??= import(/* @vite-ignore */ API_SPECIFIER)
			.then(
				(api: MetricsApi): Loaded<T> => ({
					state: 'ready',
					value: create(api.metrics.getMeter(METER_NAME)),
				}),
			)
			.catch((): Loaded<T> => ({ state: 'absent' }));
		loaded = await loading;
		return loaded;
	};
	return (write: (instruments: T) => void): void => {
		if (loaded?.state === 'ready') safely(write, loaded.value);
		else if (loaded === undefined)
			void load().then((result) => {
				if (result.state === 'ready') safely(write, result.value);
			});
	};
}

/** A metric never fails the work it measures. */
function safely<T>(write: (instruments: T) => void, instruments: T): void {
	try {
		write(instruments);
	} catch {
		// A broken SDK loses a data point, nothing else.
	}
}
