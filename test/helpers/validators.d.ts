// The two packages ship JavaScript without types: only what the tests use.
declare module '@adobe/structured-data-validator' {
	export interface ValidationIssue {
		issueMessage: string;
		severity: 'ERROR' | 'WARNING';
		rootType?: string;
		fieldNames?: string[];
	}
	export default class Validator {
		constructor(schemaOrgJson?: unknown);
		registeredHandlers: Record<string, Array<() => Promise<unknown>>>;
		validate(extracted: unknown): Promise<ValidationIssue[]>;
	}
}

declare module '@marbec/web-auto-extractor' {
	export default class WebAutoExtractor {
		constructor(options?: { addLocation?: boolean; embedSource?: string[] });
		parse(html: string): unknown;
	}
}
