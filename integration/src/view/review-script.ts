/**
 * The only client JavaScript of the pages, inlined once by `<AudioReviews>` before its cards: it
 * marks the document (`aar-js`, which turns on the transcript clamp, so without it every
 * transcript shows whole), opens and closes a clamped transcript from its button (a native
 * `<button>`: Enter and Space work), and removes an author picture that fails to load, leaving
 * the initials beneath it. Listeners sit on the document, so cards parsed after it are covered
 * and an image error that fires before the end of the page is never missed.
 */
export const REVIEWS_SCRIPT =
	"(d=>{const r=d.documentElement;if(r.classList.contains('aar-js'))return;r.classList.add('aar-js');" +
	"d.addEventListener('click',e=>{const b=e.target.closest?.('.aar-toggle');if(!b)return;" +
	"const o=b.getAttribute('aria-expanded')!=='true';b.setAttribute('aria-expanded',o);" +
	"d.getElementById(b.getAttribute('aria-controls'))?.classList.toggle('aar-open',o)});" +
	"d.addEventListener('error',e=>{if(e.target.matches?.('.aar-avatar img'))e.target.remove()},true)})(document)";
