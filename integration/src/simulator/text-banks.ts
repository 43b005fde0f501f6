/** Sentence banks for real-looking transcripts, per locale; `{p}` is the product name. */
export const SENTENCES: Record<string, readonly string[]> = {
	fr: [
		"J'ai acheté {p} il y a trois semaines et je l'utilise tous les jours.",
		'La qualité est vraiment au rendez-vous, on sent que les finitions sont soignées.',
		'La livraison a été rapide et le colis était très bien protégé.',
		"Honnêtement, au début j'hésitais à cause du prix, mais je ne regrette pas du tout.",
		"Ma femme l'a adopté tout de suite, et pourtant elle est difficile.",
		"Le seul petit bémol, c'est la notice, qui aurait pu être plus claire.",
		'Le service client a répondu à ma question en moins d’une heure.',
		'Je le recommande à tous ceux qui cherchent quelque chose de solide et durable.',
		'Par rapport à mon ancien modèle, la différence se sent dès le premier jour.',
		"C'est exactement ce qui était décrit sur le site, ni plus ni moins.",
		"Après un mois d'utilisation, aucun signe d'usure, c'est impressionnant.",
		"J'en ai déjà parlé à mes collègues, deux d'entre eux l'ont commandé.",
	],
	en: [
		'I bought {p} about three weeks ago and I have used it every single day since.',
		'The build quality is excellent; you can tell a lot of care went into the details.',
		'Delivery was quick and the parcel was very well packed.',
		'To be honest I hesitated because of the price, but I do not regret it at all.',
		'My partner took to it straight away, and they are hard to please.',
		'The only small drawback is the manual, which could have been clearer.',
		'Customer service answered my question in less than an hour.',
		'I would recommend it to anyone looking for something sturdy and long-lasting.',
		'Compared with my old one, the difference was obvious from day one.',
		'It is exactly what the website described, nothing more and nothing less.',
		'After a month of daily use there is no sign of wear, which is impressive.',
		'I have already told my colleagues about it and two of them ordered one.',
	],
	generic: [
		'{p}: very good product, I use it every day.',
		'Fast delivery, careful packaging, and it works as described.',
		'Good value for money; I would buy it again.',
		'Solid, well made and pleasant to use.',
	],
};

export const FIRST_NAMES = ['Ana', 'Louis', 'Camille', 'Hugo', 'Léa', 'Noah', 'Chloé', 'Jules', 'Emma', 'Lucas', 'Inès', 'Tom', 'Sarah', 'Yasmine', 'Paul'];
export const LAST_NAMES = ['Martin', 'Bernard', 'Dubois', 'Silva', 'Moreau', 'Laurent', 'Garcia', 'Roux', 'Fournier', 'Smith', 'Nguyen', 'Petit'];
export const DESCRIPTIONS = ['Verified buyer', 'Customer since 2021', 'Interior designer', 'Weekend cyclist', 'Chef at home', 'Parent of three'];
export const NOUNS = ['chair', 'lamp', 'kettle', 'backpack', 'sofa', 'desk', 'bike', 'jacket', 'speaker', 'blender', 'rug', 'shelf', 'mattress', 'headphones'];
export const ADJECTIVES = ['oak', 'compact', 'classic', 'urban', 'nordic', 'premium', 'foldable', 'wireless', 'linen', 'vintage', 'ceramic'];
export const LABELS: Record<string, readonly string[]> = {
	fr: ['Un achat parfait', 'Très satisfait', 'Bon rapport qualité-prix', 'Je recommande', 'Quelques réserves'],
	en: ['A perfect buy', 'Very happy', 'Great value', 'Highly recommended', 'A few reservations'],
	generic: ['Great', 'Good', 'Recommended'],
};
