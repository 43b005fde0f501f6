import { usePresentationSite } from './presentation-site.js';

/**
 * The presentation a shop's customers see, in Chromium at a phone's width: one build of the
 * fixture site for both halves, which read it and never change it.
 */
usePresentationSite('presentation');

// Layout and pictures: no sideways scroll, no broken image, initials for a picture that fails.
await import('./presentation-layout.js');
// What the reviews say: transcripts collapsed and opened, star summaries, rated hub entries.
await import('./presentation-content.js');
