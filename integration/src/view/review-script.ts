/**
 * The only client JavaScript of the pages, inlined once by `<AudioReviews>` before its cards. It
 * reveals each transcript button of its section itself, removing `hidden` as the cards are parsed
 * (a mutation observer's callback runs before the next paint): CSS frameworks force `[hidden]` to
 * `display: none !important`, so no stylesheet may be what shows it. A transcript is clamped only
 * while its button shows, so without JavaScript every transcript shows whole. It opens and closes
 * a transcript from its button (a native `<button>`: Enter and Space work), and removes an author
 * picture that fails to load, leaving the initials beneath it. Astro's `<ClientRouter />` runs it
 * again after each navigation (`data-astro-rerun`) but keeps the document: the document's
 * listeners are attached once, marked on the `document` object, not on `<html>`, whose
 * attributes the router replaces.
 */
export const REVIEWS_SCRIPT =
	"(s=>{const d=document,t='.aar-toggle',q=()=>s.querySelectorAll(t).forEach(b=>b.hidden=!1);q();" +
	'new MutationObserver(q).observe(s,{childList:!0,subtree:!0});if(d.aar)return;d.aar=1;' +
	"d.addEventListener('click',e=>{const b=e.target.closest?.(t);b&&d.getElementById(b.getAttribute('aria-controls'))" +
	".classList.toggle('aar-open',b.ariaExpanded=b.ariaExpanded!='true')});" +
	"d.addEventListener('error',e=>{(e=e.target).matches?.('.aar-avatar img')&&e.remove()},!0)})(document.currentScript.parentElement)";
