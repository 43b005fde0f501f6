import { createHash } from 'node:crypto';
import { chance, mulberry32, pick, type Random } from './random.js';

/**
 * Profile pictures for the simulated authors: a head-and-shoulders figure on a coloured ground,
 * drawn from the user id alone, so a URL always gives the same picture (and may be cached for
 * ever). SVG because it stays sharp at any pixel density (Lighthouse's image-size-responsive does
 * not apply to it) and weighs about 1 kB. Faceless on purpose: at 40 px a drawn face reads as a
 * smudge, a silhouette with hair and clothes reads as a person.
 */

/** Soft, light grounds: the figure stands out and the circle matches the initials' tints. */
const GROUNDS = [
	'#f4dfc6',
	'#d8e6f3',
	'#dcebd8',
	'#efd9e6',
	'#e6e0f4',
	'#f3ecc8',
	'#cfe8e6',
	'#f6d6cf',
];
const SKINS = ['#f6d3b3', '#eec19b', '#d9a27a', '#b97d55', '#8d5a3b', '#5f3b27'];
const HAIRS = [
	'#2b1d14',
	'#4a2f1d',
	'#7a4a25',
	'#b07a3c',
	'#d9b36c',
	'#8c8c8c',
	'#1c1c1c',
	'#a3412c',
];
const CLOTHES = [
	'#2f5d8a',
	'#8a4b00',
	'#2e6b73',
	'#6b3f7a',
	'#3f6b3a',
	'#b0413e',
	'#3b3f46',
	'#c98b2b',
];
const STYLES = ['short', 'long', 'bun', 'curly', 'bald', 'side'] as const;

/** The drawing's own units; the image's intrinsic size is the same, and it scales to any box. */
const SIZE = 64;
/** Framed closer than the drawing, so the figure fills a 40 px circle; the ground still covers it all. */
const VIEW_BOX = '5 5 54 54';

/** An SVG document: the picture of user `id`. */
export function avatarSvg(id: string): string {
	const random = seededBy(id);
	const ground = pick(random, GROUNDS);
	const skin = pick(random, SKINS);
	const hair = pick(random, HAIRS);
	const clothes = pick(random, CLOTHES);
	const style = pick(random, STYLES);
	const glasses = chance(random, 0.25);
	const parts = [
		`<rect width="${SIZE}" height="${SIZE}" fill="${ground}"/>`,
		style === 'long'
			? `<path d="M18 32C17 17 24 11 32 11s15 6 14 21l2 16H16z" fill="${hair}"/>`
			: '',
		`<path d="M9 64c0-12 9-19 23-19s23 7 23 19z" fill="${clothes}"/>`,
		`<path d="M27 36h10v10c0 3-10 3-10 0z" fill="${skin}" opacity=".85"/>`,
		`<path d="M27 45l5 6 5-6" fill="none" stroke="${ground}" stroke-width="2" opacity=".6"/>`,
		`<ellipse cx="32" cy="28" rx="11" ry="13" fill="${skin}"/>`,
		hairFor(style, hair),
		glasses ? GLASSES : '',
	];
	return (
		`<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="${VIEW_BOX}">` +
		`${parts.join('')}</svg>`
	);
}

const GLASSES =
	'<g fill="none" stroke="#2b2b2b" stroke-width="1.4"><circle cx="27.5" cy="29" r="3.6"/><circle cx="36.5" cy="29" r="3.6"/>' +
	'<path d="M31.1 29h1.8"/></g>';

/** The hair over the head (long hair also has its back part, drawn behind the shoulders). */
function hairFor(style: (typeof STYLES)[number], colour: string): string {
	switch (style) {
		case 'short':
			return `<path d="M20.5 29C19 17 25 13.5 32 13.5S45 17 43.5 29c-1-6-5-9.5-11.5-9.5S21.5 23 20.5 29z" fill="${colour}"/>`;
		case 'long':
			return `<path d="M20.5 30C19 17 25 13.5 32 13.5S45 17 43.5 30C41 22 37 20 32 20s-9 2-11.5 10z" fill="${colour}"/>`;
		case 'bun':
			return (
				`<circle cx="32" cy="12" r="6" fill="${colour}"/>` +
				`<path d="M20.5 28C20 18 25 14.5 32 14.5S44 18 43.5 28c-2-5-6-7.5-11.5-7.5S22.5 23 20.5 28z" fill="${colour}"/>`
			);
		case 'curly':
			return `<g fill="${colour}"><circle cx="23" cy="22" r="5"/><circle cx="28" cy="16.5" r="5.5"/><circle cx="35" cy="16" r="5.5"/><circle cx="41" cy="21" r="5"/><circle cx="21.5" cy="28" r="3.5"/><circle cx="42.5" cy="28" r="3.5"/></g>`;
		case 'bald':
			return `<path d="M21 31c0-4 1-6 2-7v7zM43 31c0-4-1-6-2-7v7z" fill="${colour}"/>`;
		case 'side':
			return `<path d="M20.5 30C18 16 27 12.5 33 13.5c7 1 12 5 10.5 15.5-3-5-8-8-15-7.5-3 .5-6 3-8 8.5z" fill="${colour}"/>`;
	}
}

/** A generator seeded by the id's hash: ids that differ by one character still look unrelated. */
function seededBy(id: string): Random {
	return mulberry32(createHash('sha256').update(id).digest().readUInt32LE(0));
}
