/** Served from our own origin so the page needs no inline style under its strict CSP. */
export const DOCS_STYLESHEET = `
body { margin: 0; background: #fafafa; }
nav.documents { font: 14px/1.5 system-ui, sans-serif; display: flex; flex-wrap: wrap; gap: 0.4rem 1rem; align-items: baseline; padding: 0.7rem 2rem; background: #1b1b1b; color: #fff; }
nav.documents strong { margin-right: 1rem; }
nav.documents a { color: #d8e8ff; text-decoration: none; }
nav.documents a.json { font-size: 0.8em; color: #9aa; margin-left: -0.6rem; }
nav.documents a[aria-current='page'] { color: #fff; font-weight: 600; text-decoration: underline; }
noscript p { font: 15px/1.5 system-ui, sans-serif; padding: 1rem 2rem; }
`;
