/** Served from our own origin so the page needs no inline style under its strict CSP. */
export const DOCS_STYLESHEET = `
body { font: 15px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 72rem; padding: 1rem 2rem; color: #1c1c1c; }
h2 { border-bottom: 2px solid #ddd; margin-top: 2.5rem; }
.operation { border: 1px solid #e3e3e3; border-radius: 6px; padding: 0.5rem 1rem; margin: 1rem 0; }
.method { display: inline-block; min-width: 3.5rem; padding: 0 0.4rem; border-radius: 4px; color: #fff; font-size: 0.85em; text-align: center; }
.method.get { background: #2f6fb3; }
.method.post { background: #2e8b57; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #e3e3e3; padding: 0.2rem 0.5rem; text-align: left; vertical-align: top; }
pre { background: #f6f8fa; padding: 0.5rem; overflow-x: auto; font-size: 0.85em; }
dt { font-weight: bold; }
`;
