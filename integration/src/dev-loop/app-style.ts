/** The app window's own styles (inside its shadow root): nothing leans on the browser's defaults. */
export const APP_STYLE = `
header { display: flex; gap: 1em; align-items: center; justify-content: space-between; flex-wrap: wrap; }
h1 { font-size: 1.2em; margin: 0; color: #fff; }
h2 { font-size: 1em; margin: 1em 0 .3em; color: #fff; }
.actions { display: flex; gap: .5em; }
.body, .page { overflow: auto; max-height: 60vh; }
.sources { color: #c3c8d1; }
p { margin: .3em 0; overflow-wrap: anywhere; }
a { color: #b9a6ff; }
table { border-collapse: collapse; font-size: .9em; margin-top: .5em; }
caption { text-align: left; font-weight: 600; color: #fff; }
td:nth-child(-n+3) { white-space: nowrap; }
th, td { border: 1px solid #343841; padding: .25em .5em; text-align: left; vertical-align: top; }
@media (max-width: 40em) {
	thead { display: none; }
	tr { display: block; border-top: 1px solid #343841; padding: .3em 0; }
	td { display: block; border: 0; padding: .1em 0; white-space: normal; }
	td:nth-child(-n+3) { white-space: normal; }
	td::before { content: attr(data-label) ": "; font-weight: 600; color: #fff; }
}
`;
