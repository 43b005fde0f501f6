import type { DevToolbarAppEntry } from 'astro';
import { TOOLBAR_APP_ID } from '../dev-loop/protocol.js';

/** A speaker with sound waves: the catalogue's audio reviews. */
const ICON =
	'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M11 5 6 9H2v6h4l5 4V5z"/><path d="M15.5 8.5a5 5 0 0 1 0 7"/><path d="M19 5a10 10 0 0 1 0 14"/></svg>';

/** What `addDevToolbarApp` receives in `astro dev`; the app's code is `app.js` beside this file. */
export const TOOLBAR_APP: DevToolbarAppEntry = {
	id: TOOLBAR_APP_ID,
	name: 'Audio reviews',
	icon: ICON,
	entrypoint: new URL('./app.js', import.meta.url),
};
