import { int, pick, type Random } from './random.js';
import type { LocaleBank } from './text-banks.js';

/**
 * Sentences from the locale's bank until a random length in [min, max] is reached, never
 * beyond max. Speech-to-text output has occasional line breaks, so some are kept.
 */
export function transcript(
	random: Random,
	bank: LocaleBank,
	productName: string,
	min: number,
	max: number,
): string {
	const target = int(random, min, max);
	let text = '';
	let last = -1;
	while (text.length < target) {
		let i = Math.floor(random() * bank.sentences.length);
		if (i === last) i = (i + 1) % bank.sentences.length;
		last = i;
		const sentence = capitalise(
			bank.sentences[i]!.replace('{p}', productName)
				.replace('{d}', pick(random, bank.durations))
				.replace('{w}', pick(random, bank.people)),
		);
		const separator = text === '' ? '' : random() < 0.12 ? '\n' : ' ';
		if (text.length + separator.length + sentence.length > max) {
			if (text.length < min)
				text += separator + cutAtWord(sentence, max - text.length - separator.length);
			break;
		}
		text += separator + sentence;
	}
	return text;
}

function cutAtWord(sentence: string, room: number): string {
	if (room < 2) return '';
	const head = sentence.slice(0, room - 1);
	const space = head.lastIndexOf(' ');
	return `${space > 0 ? head.slice(0, space) : head}…`;
}

export function capitalise(value: string): string {
	return value.charAt(0).toUpperCase() + value.slice(1);
}
