import { formatNumber } from '../format/numbers.js';
import type { UiText } from '../words/ui-text.js';
import type { WordKey } from '../words/words.js';

/**
 * A counted phrase for `ReviewSearch`'s script, which counts in the browser: one template per
 * plural category of the locale (`{count}` left in), picked there with `Intl.PluralRules`.
 */
export function pluralTemplates(
	text: UiText,
	key: WordKey,
	locale: string,
): Record<string, string> {
	const rules = new Intl.PluralRules(locale);
	const templates: Record<string, string> = {};
	// Every category a language has shows up among its first thousand numbers.
	for (let count = 0; count <= 1000 && Object.keys(templates).length < 6; count++) {
		const category = rules.select(count);
		if (category in templates) continue;
		templates[category] = text(key, { count }).replace(formatNumber(count, locale), '{count}');
	}
	return templates;
}
