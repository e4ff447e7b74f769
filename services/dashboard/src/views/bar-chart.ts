import { html, type SafeHtml } from '@gw/platform';

const WIDTH = 560;
const HEIGHT = 180;
const BASE = 150;
const TOP = 16;

/**
 * A bar chart drawn on the server as SVG: no script, no chart library, nothing fetched. Named and
 * described for screen readers, with the same numbers in the table beside it. The tallest bar fills
 * the chart, whatever its unit (0.003 ETH as much as 40 payments), and its value labels the top.
 */
export function barChart(title: string, bars: { label: string; value: number; text: string }[]): SafeHtml {
  const tallest = bars.reduce<(typeof bars)[number] | undefined>(
    (top, bar) => (bar.value > (top?.value ?? 0) ? bar : top),
    undefined,
  );
  const max = tallest?.value ?? 1;
  const step = WIDTH / Math.max(1, bars.length);
  const width = Math.max(2, step * 0.7);
  return html`<svg viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${title}">
    <line class="axis" x1="0" y1="${BASE}" x2="${WIDTH}" y2="${BASE}" />
    ${tallest && html`<text class="scale" x="0" y="${TOP - 4}">${tallest.text}</text>`}
    ${bars.map((bar, i) => {
      const height = ((BASE - TOP) * bar.value) / max;
      const x = i * step + (step - width) / 2;
      return html`<g>
        <rect
          class="bar"
          x="${x.toFixed(1)}"
          y="${(BASE - height).toFixed(1)}"
          width="${width.toFixed(1)}"
          height="${height.toFixed(1)}"
        >
          <title>${bar.label}: ${bar.text}</title>
        </rect>
        ${(bars.length - 1 - i) % 2 === 0 && html`<text x="${(x + width / 2).toFixed(1)}" y="${BASE + 14}" text-anchor="middle">${bar.label.slice(5)}</text>`}
      </g>`;
    })}
  </svg>`;
}
