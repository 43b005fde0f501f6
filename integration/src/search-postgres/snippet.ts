// A snippet is text of the service: every character escaped, and only the matched words wrapped in
// `<mark>`. PostgreSQL marks them with control characters the schema strips from every text of the
// service (schema/text.ts), so no text can forge a mark. `ts_headline` drops whatever looks like a
// tag (`a<b and c>d` would lose "b and c"): `<` and `>` reach it as two more control characters,
// turned back into escaped brackets here.

/** What `<` and `>` are while PostgreSQL reads the text (see query.ts). */
export const ANGLE_STAND_INS = ['\u0003', '\u0004'] as const;

const ESCAPES: Readonly<Record<string, string>> = {
	'&': '&amp;',
	'<': '&lt;',
	'>': '&gt;',
	'"': '&quot;',
	"'": '&#39;',
};

export function escapeHtml(text: string): string {
	return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

export function markedSnippet(headline: string, start: string, stop: string): string {
	let open = false;
	let html = '';
	const [lt, gt] = ANGLE_STAND_INS;
	const text = headline.replaceAll(lt, '<').replaceAll(gt, '>');
	for (const part of text.split(new RegExp(`([${start}${stop}])`))) {
		if (part === start && !open) {
			html += '<mark>';
			open = true;
		} else if (part === stop && open) {
			html += '</mark>';
			open = false;
		} else if (part !== start && part !== stop) html += escapeHtml(part);
	}
	return open ? `${html}</mark>` : html;
}
