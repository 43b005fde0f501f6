import type { Product } from '../../integration/src/entries/schema.js';

/** A complete, valid product of docs/service.md §2.1, fresh on each call so tests can mutate it. */
export function validProduct(): Product {
	return {
		id: '6f1c2f0e-3a55-4b8e-9a51-0d3f4c2b1a10',
		external_id: 'chair-oak-2',
		name: 'Oak chair',
		seo_name: 'Solid oak dining chair',
		seo_description: 'A solid oak chair, reviewed by customers.',
		audio_url: 'https://cdn.example.com/a/1.mp3',
		website: { id: '0b8f6a8e-5a0c-4d7e-9b1f-2c3d4e5f6a7b', name: 'Demo shop' },
		features: { ctaAnalytics: true },
		config: { theme: 'light', cta: { text: 'Listen' } },
		reviews: [
			{
				id: 'r1',
				type: 'review',
				label: 'Great chair',
				rating: 4.5,
				audio_url: 'https://cdn.example.com/a/1.mp3',
				is_active: true,
				is_default: true,
				transcript: 'I use it every day. It is sturdy and comfortable.',
				created_at: '2026-03-01T10:00:00.000Z',
				user: {
					id: 'u1',
					firstname: 'Ana',
					lastname: 'Silva',
					image_url: 'https://cdn.example.com/u/1.jpg',
					description: 'Verified buyer',
				},
			},
			{
				id: 'r2',
				type: 'testimony',
				is_active: true,
				is_default: false,
				transcript: 'The shop delivered quickly.',
				user: { id: 'u2', firstname: 'Ben' },
			},
		],
	};
}
