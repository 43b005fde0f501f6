/** The only client JavaScript of the pages, inlined once by `<AudioReviews>` before its cards. */
export const REVIEWS_SCRIPT =
	"(s=>{const d=document,t='.aar-toggle',q=()=>s.querySelectorAll(t).forEach(b=>b.hidden=!1);q();" +
	'new MutationObserver(q).observe(s,{childList:!0,subtree:!0});if(d.aar)return;d.aar=1;' +
	"d.addEventListener('click',e=>{const b=e.target.closest?.(t);b&&d.getElementById(b.getAttribute('aria-controls'))" +
	".classList.toggle('aar-open',b.ariaExpanded=b.ariaExpanded!='true')});" +
	"d.addEventListener('error',e=>{(e=e.target).matches?.('.aar-avatar img')&&e.remove()},!0)})(document.currentScript.parentElement)";
