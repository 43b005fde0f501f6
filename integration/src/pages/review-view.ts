// Presentation decisions of a review card that are not markup: initials for a missing picture,
// the tint of that fallback, and which transcripts are long enough to open from a button.

/** A transcript longer than this (in characters), or of more paragraphs, shows its first lines only. */
export const LONG_TRANSCRIPT_CHARS = 360;
const LONG_TRANSCRIPT_PARAGRAPHS = 4;

/** Whether a transcript (as its paragraphs) is clamped to its first lines behind a "show full transcript" button. */
export function isLongTranscript(paragraphs: readonly string[]): boolean {
	const length = paragraphs.reduce((total, paragraph) => total + paragraph.length, 0);
	return length > LONG_TRANSCRIPT_CHARS || paragraphs.length > LONG_TRANSCRIPT_PARAGRAPHS;
}

/** Up to two initials of a name, upper-cased in the page's language. */
export function initialsOf(name: string, locale?: string | undefined): string {
	const words = name.match(/[\p{L}\p{N}][\p{L}\p{M}\p{N}'’-]*/gu) ?? [];
	const picked = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
	const letters = picked.map((word) => [...word][0]!).join('');
	if (letters === '') return '?';
	try {
		return letters.toLocaleUpperCase(locale);
	} catch {
		return letters.toUpperCase();
	}
}

/** How many tints the initials' circle takes (`--aar-avatar-0` … `-5`), picked from the name so an author keeps theirs. */
export const AVATAR_TINTS = 6;

export function avatarTint(name: string): number {
	let hash = 0;
	for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
	return hash % AVATAR_TINTS;
}
