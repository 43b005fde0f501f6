import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * HTTP validators (RFC 9110 §8.8, §13). The service's documentation says nothing about them; the simulator sends
 * them because a real deployment behind a CDN does, and an incremental sync should be able to
 * use them. The ETag is strong: a hash of the exact bytes, so any change to a representation
 * (locale, variant, a review) changes it.
 */
export interface Validators {
	etag: string;
	/** HTTP-date, absent when nothing dates the representation (an empty, untouched page). */
	lastModified: string | undefined;
}

export function validatorsFor(body: string, updatedAt: number | undefined): Validators {
	return {
		etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
		lastModified: updatedAt === undefined ? undefined : new Date(updatedAt).toUTCString(),
	};
}

/**
 * If-None-Match wins over If-Modified-Since when both are sent (RFC 9110 §13.2.2). If-None-Match
 * uses the weak comparison, as the RFC requires for it; HTTP-dates have whole seconds.
 */
export function isNotModified(headers: IncomingHttpHeaders, validators: Validators): boolean {
	const ifNoneMatch = headers['if-none-match'];
	if (ifNoneMatch !== undefined) {
		if (ifNoneMatch.trim() === '*') return true;
		const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
		const current = opaque(validators.etag);
		return ifNoneMatch.split(',').some((tag) => opaque(tag) === current);
	}
	const ifModifiedSince = headers['if-modified-since'];
	if (ifModifiedSince === undefined || validators.lastModified === undefined) return false;
	const since = Date.parse(ifModifiedSince);
	if (Number.isNaN(since)) return false;
	return Date.parse(validators.lastModified) <= since;
}
