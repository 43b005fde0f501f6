/** What the bench smoke test reads of the results file a smoke run writes: the fields it checks. */
interface SearchIndex {
	pages: number;
	words: number;
	filters: number;
	sorts: number;
	files: number;
	bytes: number;
}

/** Bytes per query, for one kind of query (bench/lib/search-bytes.mjs). */
interface PerQuery {
	medianBytes: number;
	p95Bytes: number;
	medianBodyBytes: number;
	medianRequests: number;
	p95Requests: number;
}

interface QueryBytes {
	error?: string;
	queries: number;
	withResults: number;
	cold: PerQuery;
	warm: PerQuery;
	coldByKind: Record<string, number>;
	start: { bytes: number; requests: number; kinds: Record<string, number> };
}

interface Requests {
	list: number;
	single: number;
	total: number;
}
interface Build {
	kind: 'ours' | 'floor' | 'peer';
	size: number;
	ok: boolean;
	rebuild: boolean;
	error?: string;
	wallMs?: number;
	maxRssBytes?: number;
	requests?: Requests;
}
interface SamePages {
	equal: boolean;
	oursFiles: number;
	floorFiles: number;
}
interface Rebuild {
	changedRef: string;
	pagesRendered: number;
	pagesSkipped: number;
	renderedSlugs: string[];
	exactlyTheChangedPage: boolean;
}
/** One dev server's figures (bench/lib/dev-figure.mjs). */
export interface DevServerFigure {
	startMs: number;
	keptStartMs: number;
	navigationMs: number[];
	syncsDuringNavigation: number;
	rssBytes: number;
	syncEnterMs: number;
}

export interface Results {
	config: { sizes: number[]; cap: number; peerSize: number };
	catalogue: Record<
		string,
		{
			products: number;
			pageFiles: number;
			reviewsPerProduct: number;
			medianReviews: number;
			maxReviews: number;
			transcriptMinChars: number;
			transcriptMaxChars: number;
		}
	>;
	builds: Build[];
	errors: string[];
	cold: { samePages: SamePages; withoutIncremental: { samePages: SamePages } };
	requests: { list: number; single: number; maxList: number; perRun: Requests[] };
	rebuild: Rebuild;
	rebuildKeepDist: Rebuild & { pageFiles: number; pagesTotal: number };
	peer: { peerRequests: Requests; oursRequests: Requests };
	scale: Array<{ size: number; oursMs?: number; floorMs?: number }>;
	dev?: {
		size: number;
		entries: number;
		floor: DevServerFigure;
		ours: DevServerFigure & { ownSyncMs: number; webhook: { status: number; pageMs: number } };
	};
	defaultHeap?: {
		ok: boolean;
		heapLimitBytes: number;
		rows: Array<{
			size: number;
			builds: Record<
				string,
				{
					ok: boolean;
					wallMs?: number;
					maxRssBytes?: number;
					heapLimitMiB?: number;
					error?: string;
				}
			>;
		}>;
	};
	longTail?: {
		size: number;
		pages: number;
		path: string;
		bytes: number;
		elements?: number;
		reviews?: number;
		performance?: number;
		auditError?: string;
		oursMs?: number;
		floorMs?: number;
	};
	feed?: {
		onMs?: number;
		offMs?: number;
		writerMs?: number;
		feed?: { reviews: number; pages: number; bytes: number };
	};
	poll?: {
		size: number;
		cases: {
			name: string;
			ok: boolean;
			wallMs: number;
			requests: { list: number; single: number; notModified: number };
			fromService: number;
			outcome?: string;
			counts?: number[];
			hookCalls: number;
		}[];
		stateBytes: number;
		conditional: { size: number; noChangeMs: number; lists: number }[];
		unconditional: { size: number; noChangeMs: number; firstRunMs: number; lists: number }[];
	};
	sitemap?: {
		size: number;
		coldMs: number;
		cachedMs: number;
		requests: number;
		urls: number;
		bytes: number;
	};
	search?: Record<
		'on' | 'off',
		{ buildMs?: number; indexMs?: number; indexRssBytes?: number; index?: SearchIndex }
	> & {
		on: { indexMaxFragments?: SearchIndex; queryBytes?: QueryBytes };
	};
	live?: {
		ok: boolean;
		reason?: string;
		cachedRps?: number;
		cdnSkipped?: string;
		cdnHitRps?: number;
		cdnMissRps?: number;
		cdnHitP50Ms?: number;
		cdnHitP99Ms?: number;
		cdnMissP50Ms?: number;
		cdnMissP99Ms?: number;
		cdnRatio?: number;
		cdnRatioVsDirectMisses?: number;
		cdnWarmUpstream?: number;
		cdnUpstream?: number;
		cdnOriginRequests?: number;
	};
	liveNodes?: {
		ok: boolean;
		reason?: string;
		hitRpsOneProcess: number;
		hitRpsTwoProcesses: number;
		missRpsOneProcess: number;
		missRpsTwoProcesses: number;
		purgeP50Ms: number;
		purgeP95Ms: number;
		purges: number;
		upstreamPer1000Views: number;
		viewPages: number;
		config: { rounds: number; purges: number; views: number };
		rounds: { label: string; round: number; hitRps: number; missRps: number }[];
	};
	liveMetrics?: {
		ok: boolean;
		reason?: string;
		hitRpsWith: number;
		hitRpsWithout: number;
		missRpsWith: number;
		missRpsWithout: number;
		missRatio: number;
		hitRatio: number;
		config: { rounds: number };
		rounds: { variant: 'with' | 'without'; round: number; hitRps: number; missRps: number }[];
	};
	searchPostgres?: {
		ok: boolean;
		reason?: string;
		products: number;
		entries: number;
		fetchMs: number;
		firstIndexMs: number;
		noChangeIndexMs: number;
		noChange: { indexed: number; unchanged: number };
		indexBytes: number;
		queries: number;
		queriesWithResults: number;
		p50Ms: number;
		p95Ms: number;
		bytesPerAnswer: number;
	};
}
