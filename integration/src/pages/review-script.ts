// Made by scripts/build-review-script.mjs (`npm run build:pkg`) from reviews-client.ts: edit
// that file, not this one.

/** The only client JavaScript of the pages, inlined once by `<AudioReviews>` before its cards. */
export const REVIEWS_SCRIPT =
	'(n=>{const r=".aar-toggle",o=()=>{for(const e of n.querySelectorAll(r))e.hidden=!1};o(),new MutationObserver(o).observe(n,{childList:!0,subtree:!0});const t=document;t.aar||(t.aar=1,t.addEventListener("click",e=>{const a=e.target.closest?.(r);a&&(a.ariaExpanded=t.getElementById(a.getAttribute("aria-controls")).classList.toggle("aar-open"))}),t.addEventListener("error",({target:e})=>e.matches?.(".aar-avatar img")&&e.remove(),!0))})(document.currentScript.parentElement)';
