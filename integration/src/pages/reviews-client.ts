// The pages' only client JavaScript, for the browser: `scripts/build-review-script.mjs` minifies
// it into `review-script.ts`, which `<AudioReviews>` inlines once per section before its cards.
// A classic inline script, not a module: it runs where it stands (`document.currentScript`),
// before the cards are parsed, so the toggles show before the first paint.

/** A toggle's `aria-expanded` is set from a boolean: the property stores it as text. */
type Toggle = Omit<Element, 'ariaExpanded'> & { ariaExpanded: boolean };

((section: HTMLElement) => {
	const TOGGLE = '.aar-toggle';
	// Without JavaScript every transcript stays open and its toggle hidden: show the toggles, as the
	// parser adds the cards (and as a framework adds more later).
	const reveal = () => {
		for (const button of section.querySelectorAll<HTMLButtonElement>(TOGGLE)) button.hidden = false;
	};
	reveal();
	new MutationObserver(reveal).observe(section, { childList: true, subtree: true });
	// One listener of each kind for the whole page, however many sections (or navigations) run this.
	const page = document as Document & { aar?: number };
	if (page.aar) return;
	page.aar = 1;
	page.addEventListener('click', (event) => {
		const button = (event.target as Element).closest?.(TOGGLE) as Toggle | null | undefined;
		// The transcript's class and the toggle's state start closed together and change together.
		if (button)
			button.ariaExpanded = page
				.getElementById(button.getAttribute('aria-controls')!)!
				.classList.toggle('aar-open');
	});
	// A picture that fails to load leaves the author's initials beneath it.
	page.addEventListener(
		'error',
		({ target }) =>
			(target as Element).matches?.('.aar-avatar img') && (target as Element).remove(),
		true,
	);
})(document.currentScript!.parentElement!);
